// The footer's "Suggest a better translation" link (overrides/partials/suggest-translation.html): adds the
// sentence the reader selected on the page to the prefilled mail or issue. Without this script the link still
// opens with the page and its language prefilled. The selection is kept after it collapses, as a tap on the
// link clears it on a phone before the link opens.
(function () {
  var link = document.querySelector(".suggest-translation a");
  if (!link) return;
  var base = link.getAttribute("href").split("?")[0];
  var titleKey = link.dataset.kind === "tracker" ? "title" : "subject";

  function prefill(sentence) {
    var body = link.dataset.before + "\n" + (sentence ? "\u201c" + sentence + "\u201d" : "") + "\n\n" +
      link.dataset.after;
    link.href = base + "?" + titleKey + "=" + encodeURIComponent(link.dataset.subject) +
      "&body=" + encodeURIComponent(body);
  }

  document.addEventListener("selectionchange", function () {
    var selection = document.getSelection();
    if (!selection || selection.isCollapsed || link.contains(selection.anchorNode)) return;
    var sentence = selection.toString().replace(/\s+/g, " ").trim().slice(0, 600);
    if (sentence) prefill(sentence);
  });
})();
