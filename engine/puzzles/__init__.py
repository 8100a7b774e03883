"""Practice puzzles: real positions from engine-played games, each with one question the engine answers.

``catalog.json`` is the committed source (written by ``scripts/find_puzzles.py``): per puzzle, the game, rule set,
players, seed, round and the moves that lead to the position, the question's kind and its theme. From that,
``questions.py`` rebuilds the position and works out the choices and the answer; ``verify.py`` re-checks every
puzzle (``python -m engine puzzles --verify``). The site build turns the catalog into translated data for the
practice page (``scripts/sitebuild/puzzles_data.py``). Nothing here is reached by the browser's bridge.
"""
