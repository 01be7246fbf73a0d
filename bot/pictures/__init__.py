"""The board as a picture, a kit for every front end: the Pillow drawing (``picture``: a board
and a word's path in, PNG bytes out) and the one way to draw off the event loop, as the settings
allow (``pictures.Pictures``). It names no feature and no front end."""
