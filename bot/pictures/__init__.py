"""The pictures: a game (or its log) in, PNG bytes or their text alternative out.

No Discord here: the cogs attach what these functions return. The board is Pillow
(`board.render_board`, `board_text.render_board_text`); the fonts ship in `fonts/`.
"""
