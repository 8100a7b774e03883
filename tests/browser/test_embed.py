"""Embedding: a host page on another origin frames the game (sandboxed or not) and hears from it; bad URL
parameters fall back with a notice; the Embed page builds the snippet."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from game_driver import ENGINE_TIMEOUT, axe_violations, new_game, open_more_choices, play_match_to_the_end, set_speed

from serve import serve_in_background  # scripts/serve.py: tests/conftest.py puts scripts/ on sys.path

HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>A club's page</title></head>
<body>
<h1>Our club plays Chicken Foot</h1>
<iframe id="frame" src="{src}" {sandbox} title="Chicken Foot" style="width: 100%; height: 300px; border: 0"></iframe>
<script>
  window.messages = [];
  window.addEventListener("message", (event) => {{
    const frame = document.getElementById("frame");
    if (event.source !== frame.contentWindow) return;
    window.messages.push(event.data);
    if (event.data.type === "chickenfoot:resize") frame.style.height = event.data.height + "px";
  }});
</script>
</body></html>
"""


@pytest.fixture
def host_origin(tmp_path):
    """A second local origin (another port) for host pages."""
    servers = []

    def serve(src: str, sandboxed: bool, html: str | None = None) -> str:
        root = tmp_path / f"host{len(servers)}"
        root.mkdir()
        sandbox = 'sandbox="allow-scripts"' if sandboxed else ""
        (root / "index.html").write_text(html or HOST_PAGE.format(src=src, sandbox=sandbox), encoding="utf-8")
        server, url = serve_in_background(root, quiet=True, security_headers={})  # some club's site, not ours
        servers.append(server)
        return url

    yield serve
    for server in servers:
        server.shutdown()


def messages(page: Page, kind: str) -> list[dict]:
    return page.evaluate("(type) => window.messages.filter((m) => m.type === type)", f"chickenfoot:{kind}")


@pytest.mark.parametrize("sandboxed", [True, False], ids=["sandboxed", "not-sandboxed"])
def test_a_host_on_another_origin_embeds_the_game_and_hears_ready_resize_and_game_over(
        page, site_url, host_origin, sandboxed):
    src = f"{site_url}embed/frame/?mode=play&game=mexican-train&rules=double-six&players=2&seed=4&lang=su"
    host = host_origin(src, sandboxed)
    assert urlsplit(host).port != urlsplit(site_url).port
    page.goto(host)
    page.wait_for_function("() => window.messages.some((m) => m.type === 'chickenfoot:ready')",
                           timeout=ENGINE_TIMEOUT)
    frame = page.frame(url=re.compile(r"/embed/frame/"))
    assert frame.evaluate("self.origin") == ("null" if sandboxed else site_url.rstrip("/"))
    demo = frame.locator("#demo")
    expect(demo).to_have_attribute("data-game-state", "playing")
    assert frame.evaluate("document.documentElement.lang") == "su"
    expect(frame.locator(".game-notice")).to_have_count(1)  # no storage here: said once, in Sundanese

    set_speed(frame, "instant")
    play_match_to_the_end(frame)
    page.wait_for_function("() => window.messages.some((m) => m.type === 'chickenfoot:game-over')")
    over = messages(page, "game-over")[0]
    assert over["game"] == "mexican-train" and len(over["totals"]) == 2 and over["winners"]
    assert set(over) == {"type", "game", "winners", "totals"}

    heights = [m["height"] for m in messages(page, "resize")]
    assert heights and all(isinstance(h, int) and h > 0 for h in heights)
    # the host page follows the frame's height with the few lines of the Embed page's snippet
    page.wait_for_function("""() => {
      const sizes = window.messages.filter((m) => m.type === 'chickenfoot:resize');
      const frame = document.getElementById('frame').getBoundingClientRect().height;
      return Math.abs(frame - sizes[sizes.length - 1].height) <= 1;
    }""")
    assert all(m["type"].startswith("chickenfoot:") for m in page.evaluate("window.messages"))


def test_bad_url_parameters_fall_back_to_their_defaults_with_a_notice(page, site_url):
    page.goto(f"{site_url}embed/frame/?mode=play&game=mexican-train&rules=pagat&players=99&seed=abc"
              "&theme=neon&lang=xx&colour=red")
    notices = page.locator("#embed-notices .embed-notice")
    expect(notices).to_have_count(6)
    named = sorted(notices.evaluate_all("ps => ps.map(p => p.dataset.parameter)"))
    assert named == ["colour", "lang", "players", "rules", "seed", "theme"]
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.evaluate("document.body.dataset.theme") == "light"
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-game-state", "playing", timeout=ENGINE_TIMEOUT)
    expect(demo.locator(".game-score-table tr").first.locator("th")).to_have_count(5)  # round + 4 players
    expect(demo.locator(".game-status")).to_contain_text("Mexican Train")
    assert axe_violations(page) == []


def test_the_embed_page_builds_the_iframe_code_and_previews_it(page, site_url):
    page.goto(f"{site_url}sq/embed/")
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-state", "ready")
    demo.locator("#snippet-game").select_option("mexican-train")
    demo.locator("#snippet-players").select_option("3")
    demo.locator("#snippet-theme").select_option("dark")
    code = demo.locator("#snippet-code").input_value()
    src = re.search(r'src="([^"]+)"', code).group(1)
    query = parse_qs(urlsplit(src).query)
    assert src.startswith(f"{site_url}embed/frame/?")
    assert query == {"mode": ["play"], "lang": ["sq"], "theme": ["dark"], "game": ["mexican-train"],
                     "rules": ["standard"], "players": ["3"]}
    assert 'sandbox="allow-scripts"' in code and "chickenfoot:resize" in code
    demo.locator("#snippet-sandbox").uncheck()
    assert "sandbox=" not in demo.locator("#snippet-code").input_value()
    demo.locator("#snippet-mode").select_option("tutorial")
    demo.locator("#snippet-lesson").fill("3")
    demo.locator("#snippet-lesson").dispatch_event("change")
    tutorial_src = re.search(r'src="([^"]+)"', demo.locator("#snippet-code").input_value()).group(1)
    assert parse_qs(urlsplit(tutorial_src).query)["lesson"] == ["3"]
    demo.locator(".snippet-show").click()
    expect(demo.locator("iframe.snippet-frame")).to_have_attribute("src", tutorial_src)
    assert axe_violations(page, "#demo") == []


def test_the_embedded_tutorial_opens_the_lesson_asked_for_and_reports_it_complete(page, site_url, host_origin):
    from engine.bridge.lessons import LESSONS

    lesson = LESSONS[1]
    host = host_origin(f"{site_url}embed/frame/?mode=tutorial&lesson=2&lang=ht", sandboxed=False)
    page.goto(host)
    page.wait_for_function("() => window.messages.some((m) => m.type === 'chickenfoot:ready')",
                           timeout=ENGINE_TIMEOUT)
    assert messages(page, "ready") == [{"type": "chickenfoot:ready", "mode": "tutorial"}]
    frame = page.frame(url=re.compile(r"/embed/frame/"))
    demo = frame.locator("#demo")
    expect(demo).to_have_attribute("data-lesson", lesson.id)
    for number, move in enumerate(lesson.solution, 1):  # played as a reader plays it: a tile, then an end
        tile, end = move.split("@")
        high, low = sorted((int(n) for n in tile.split("-")), reverse=True)
        demo.locator(f'.demo-hand [data-tile="{high}-{low}"]').click()
        demo.locator(f'.demo-table [data-end="{end}"]').click()
        expect(demo).to_have_attribute("data-answers", str(number))  # the answer is shown before the next move
    expect(demo).to_have_attribute("data-complete", "true")
    page.wait_for_function("() => window.messages.some((m) => m.type === 'chickenfoot:lesson-complete')")
    assert messages(page, "lesson-complete") == [{"type": "chickenfoot:lesson-complete", "lesson": lesson.id}]


@pytest.mark.browser_context_args(locale="sq-AL")
def test_without_a_lang_parameter_the_frame_speaks_the_readers_browser_language(page, site_url):
    page.goto(f"{site_url}embed/frame/?mode=tutorial")
    expect(page.locator("#demo")).to_have_attribute("data-lang", "sq")
    assert page.evaluate("document.documentElement.lang") == "sq"
    expect(page.locator("#embed-notices .embed-notice")).to_have_count(0)
    # the title and the description a link preview reads are the reader's language too
    expect(page).to_have_title("Udhëzuesi i lojës Këmbë Pule")
    description = page.locator('meta[name="description"]').get_attribute("content")
    assert description.startswith("Mësime dhe një lojë domino"), description


@pytest.mark.parametrize("framed", ["embed-frame", "play-page"])
def test_new_game_starts_in_a_frame_sandboxed_without_allow_forms(page, site_url, host_origin, framed,
                                                                  expect_console_error):
    # sandbox="allow-scripts" (the documented embedding) blocks form submission: the new-game form must start
    # the game without one, from the game, after a finished match, and on the framed play page.
    # A rules link's short match (to a losing total of 20: a round or two, not seven) keeps the test about the
    # form; the form keeps the link's options for the link's game and rule set, so every new game is short too.
    short = "game=mexican-train&rules=double-six&match_length=to-total&target_total=20"
    if framed == "embed-frame":
        src = f"{site_url}embed/frame/?mode=play&{short}&players=2&seed=4"
    else:
        src = f"{site_url}play/?{short}"
        # Material's own page scripts read localStorage unguarded (its palette helper __md_get), which a frame
        # without allow-same-origin forbids; the game itself does not depend on them. Not this test's subject.
        expect_console_error(r"Failed to read the 'localStorage' property from 'Window'")
    page.goto(host_origin(src, sandboxed=True))
    frame = page.frame(url=re.compile(r"/embed/frame/|/play/"))
    demo = frame.locator("#demo")
    if framed == "play-page":
        demo.locator(".demo__start").click()
        expect(demo).to_have_attribute("data-state", "ready", timeout=ENGINE_TIMEOUT)
        assert frame.evaluate("self.origin") == "null"
        new_game(frame, "mexican-train", players=2, ruleset="double-six", seed=4)
    else:
        expect(demo).to_have_attribute("data-game-state", "playing", timeout=ENGINE_TIMEOUT)
        assert frame.evaluate("self.origin") == "null"
        demo.locator(".game-new").click()  # during a game
        new_game(frame, "mexican-train", players=2, ruleset="double-six", seed=5)
    set_speed(frame, "instant")
    rounds = play_match_to_the_end(frame)
    assert rounds < 6, f"the link's short match took {rounds + 1} rounds: the form dropped its options"
    demo.locator(".game-again").click()  # after the match
    expect(demo).to_have_attribute("data-game-state", "setup")
    open_more_choices(demo.locator("form.game-setup"))
    demo.locator("form.game-setup input[name=seed]").fill("6")
    demo.locator("form.game-setup input[name=seed]").press("Enter")  # Enter starts it too, without submitting
    expect(demo).to_have_attribute("data-game-state", "playing")
    expect(demo.locator(".game-status")).to_contain_text("Mexican Train")


def test_names_every_object_has_are_neither_games_nor_rule_sets_nor_options_in_a_rules_link(page, site_url):
    # An `in` test on a plain object took `toString`, `__proto__` and `constructor` for known values. The
    # frame's `game` is checked in test_house_rules.py; here every part of the link the frame reads.
    page.goto(f"{site_url}embed/")
    read = page.evaluate("""async (root) => {
      const link = await import(new URL("assets/demo/rules-link.js", root).href);
      const data = await link.loadRulesData();
      return ["toString", "__proto__", "constructor", "hasOwnProperty", "valueOf"].map((name) => {
        const { choice, problems } = link.readRulesLink(`?game=${name}&rules=${name}&${name}=x`, data);
        return { game: choice.game, ruleset: choice.ruleset, options: Object.keys(choice.options),
                 refused: problems.map((p) => p.name).sort() };
      });
    }""", site_url)
    for name, result in zip(["toString", "__proto__", "constructor", "hasOwnProperty", "valueOf"], read):
        assert result == {"game": "chicken-foot", "ruleset": "basic", "options": [],
                          "refused": sorted(["game", "rules", name])}, name


def test_an_unknown_lesson_opens_the_first_with_a_notice(page, site_url):
    from engine.bridge.lessons import LESSONS

    page.goto(f"{site_url}embed/frame/?mode=tutorial&lesson=99&lang=en")
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-lesson", LESSONS[0].id, timeout=ENGINE_TIMEOUT)
    notice = page.locator("#embed-notices .embed-notice")
    expect(notice).to_have_count(1)
    expect(notice).to_have_attribute("data-parameter", "lesson")
    expect(notice).to_contain_text("“99”")


SNIPPET_HOST = """<!doctype html>
<html lang="sq"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Klubi</title>
<script>
  window.messages = []; window.heights = [];
  window.addEventListener("message", (event) => window.messages.push(event.data));
  document.addEventListener("DOMContentLoaded", () => {{
    const frame = document.querySelector("iframe");
    new ResizeObserver(() => window.heights.push(frame.getBoundingClientRect().height)).observe(frame);
  }});
</script></head>
<body style="margin: 0"><h1>Klubi ynë</h1>
{snippet}
<p>Sillni gurët tuaj.</p></body></html>
"""


def test_the_snippets_frame_keeps_its_height_while_loading_fits_the_window_and_is_titled_by_its_game(
        page, site_url, host_origin):
    from scripts.sitebuild import uistrings

    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{site_url}sq/embed/")
    expect(page.locator("#demo")).to_have_attribute("data-state", "ready")
    page.locator("#snippet-game").select_option("mexican-train")
    page.locator("#snippet-players").select_option("2")
    code = page.locator("#snippet-code").input_value().replace(' loading="lazy"', "")
    title = uistrings.translate("Mexican Train game", "sq")
    assert f'title="{title}"' in code
    page.goto(host_origin("", True, SNIPPET_HOST.format(snippet=code)))
    page.wait_for_function("() => window.messages.some((m) => m.type === 'chickenfoot:ready')",
                           timeout=ENGINE_TIMEOUT)
    page.wait_for_timeout(2500)  # the frame's last parts arrive and it tells its height
    frame = page.frame(url=re.compile(r"/embed/frame/"))
    assert frame.evaluate("document.title") == title
    kinds = [m["type"] for m in page.evaluate("window.messages")]
    # the frame tells no height while it loads (no collapse to its few pixels of a loading screen)
    assert "chickenfoot:resize" not in kinds[:kinds.index("chickenfoot:ready")]
    heights = page.evaluate("window.heights")
    assert min(heights) >= 600, heights  # the snippet's height from the start, never less while loading
    assert max(heights) <= 740, heights  # never taller than the phone's screen
    assert len(set(heights)) <= 2, heights  # the reserved height, then at most its own
