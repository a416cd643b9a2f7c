"""The pictures: a game (or its log) in, PNG bytes or their text alternative out.

No Discord here: the cogs attach what these functions return. Every picture is drawn with
Pillow: the board (`board.render_board`, its text twin `board_text.render_board_text`), the
money map (`heatmap`), and the recap and the record chart on a small chart kit (`plot`); the
fonts ship in `fonts/`. Each is made to be read where a chat shows it (~512 px wide): every
text drawn is reported to `measure`, and the tests fail on any under 11 px there, out of
its room or overlapping another.
"""
