; panel.asm - the text right of the board and the help line below it.
;
; The panel is 14 characters wide (screen bytes 52..79):
;
;   line   0   OTHELLO                   title
;          9   HANDICAP       2          how the game started: handicap corners, SET UP
;                                        position, or nothing for the start position
;         18   BLACK          2          disc counts; with clocks BLACK  2 19:59
;         27   WHITE          2
;         40   YOU        BLACK          the human's colour (PLAYERS 2, PLAYERS DEMO)
;         49   LEVEL          1          the AI level
;         58   LAST          D3          the last move (--, or - before the first)
;      72-90   three message lines: whose turn, the cursor's square, THINKING..., PASS,
;              GAME OVER with the winner and the WOF final score, the hint, SET UP
;    104-183   the game record, 5 plies a row (passes as --), or the menu
;    184-192   two help lines, across the whole screen: the keys that work now
;
; Labels are white, values and the first message line yellow, the help line green.

PANEL_X         equ 52              ; screen byte of the panel's left edge
PANEL_W         equ 28              ; bytes (14 characters)
PY_TITLE        equ 0
PY_INFO         equ 9
PY_BLACK        equ 18
PY_WHITE        equ 27
PY_YOU          equ 40
PY_LEVEL        equ 49
PY_LAST         equ 58
PY_MSG          equ 72              ; three lines, LINE_PITCH apart
PY_RECORD       equ 104
HINT_PV_SHOWN   equ 4               ; moves of the hint's PV on its line: "PV D3 C3 F5 F6"
RECORD_ROWS     equ 10
RECORD_PER_ROW  equ 5
HELP_Y          equ 184             ; the first help line; the second is 8 lines lower
MENU_ITEMS      equ 8
CHAR_H          equ 8
LINE_PITCH      equ 9               ; between panel lines: a pixel line of air

; ---- Whole panel --------------------------------------------------------------------------

; panel_draw: every field, the messages and the record. Trashes everything but IY.
panel_draw:
        ld a,PEN_HI
        call set_pen
        ld de,256*(PANEL_X+7)+PY_TITLE
        ld hl,txt_title
        call draw_text
        call panel_info
        call panel_choices
        call panel_last
        call panel_messages
        jp panel_record

; panel_counts: the disc counts of game_board, and the clocks when the game has them.
; Trashes everything but IY.
panel_counts:
        call count_discs
        ld a,(black_count)
        ld b,SQ_BLACK
        ld e,PY_BLACK
        ld hl,txt_black
        call count_field
        ld a,(white_count)
        ld b,SQ_WHITE
        ld e,PY_WHITE
        ld hl,txt_white
        ; then the same for white

; count_field: A = discs, B = side, E = line, HL = label: "BLACK 12", or with clocks (or a
; computer side's thinking budget, clock.asm shown_time) "BLACK 12 19:59" (the count in two
; places). Trashes everything but IY.
count_field:
        push hl
        push de
        ld de,value_buf
        ld c,a
        call shown_time
        jr nc,count_field_plain
        push hl
        ld a,c
        cp 10
        jr nc,count_field_count
        ld a,' '
        ld (de),a
        inc de
count_field_count:
        ld a,c
        call put_number
        ld a,' '
        ld (de),a
        inc de
        pop hl
        call put_time
        jr count_field_end
count_field_plain:
        ld a,c
        call put_number
count_field_end:
        call end_text
        pop de
        pop hl
        jp panel_field

; panel_info: how the game started. Trashes everything but IY.
panel_info:
        ld a,(game_origin)
        cp ORIGIN_HANDICAP
        jr z,panel_info_handicap
        ld de,value_buf
        call end_text
        ld hl,txt_nothing
        cp ORIGIN_SETUP
        jr nz,panel_info_field
        ld hl,txt_set_up_game
        jr panel_info_field
panel_info_handicap:
        ld de,value_buf
        ld a,(game_corners)
        call put_number
        call end_text
        ld hl,txt_handicap
panel_info_field:
        ld e,PY_INFO
        jp panel_field

; panel_choices: after a change of colour, players or level in the menu: the disc-count
; lines (which side's thinking budget shows depends on them) and the settings. Trashes
; everything but IY.
panel_choices:
        call panel_counts
        ; then panel_settings

; panel_settings: the human's colour (or the players) and the level. Trashes everything
; but IY.
panel_settings:
        ld de,value_buf
        ld a,(play_mode)
        cp MODE_COMPUTER
        jr nz,panel_settings_players
        ld a,(human_colour)
        call put_colour
        ld hl,txt_you
        jr panel_settings_who
panel_settings_players:
        call put_players
        ld hl,txt_players
panel_settings_who:
        call end_text
        ld e,PY_YOU
        call panel_field
        ld de,value_buf
        ld a,(game_level)
        call put_number
        call end_text
        ld e,PY_LEVEL
        ld hl,txt_level
        jp panel_field

; put_players: play_mode as the menu and the panel show it: DEMO, 1 or 2. Trashes AF, HL.
put_players:
        ld a,(play_mode)
        or a
        jr z,put_players_demo
        jp put_number
put_players_demo:
        ld hl,txt_demo
        jp put_text

; panel_last: the last move, and where the computer's came from: "F5 BOOK", "F5 D9",
; "F5 EX+6" (the exact endgame, its disc difference for the side that moved), "F5 WIN",
; "F5 DRAW" or "F5 LOSS" (the win/loss/draw check), "F5 2 PLY" (levels 1 and 2). Trashes everything but IY.
panel_last:
        ld de,value_buf
        ld a,(last_move)
        call put_ply
        call put_source
        call end_text
        ld e,PY_LAST
        ld hl,txt_last
        jp panel_field

; put_source: at DE, " BOOK", " D9", " EX+6", " WIN", " DRAW", " LOSS", " STOP" or " 2 PLY": where the last move
; came from (last_source, the ai_depth of the call that chose it), nothing for a human's move
; or after a take-back. Trashes AF, B, HL.
put_source:
        ld a,(last_source)
        cp SRC_NONE
        ret z
        ld b,a
        ld a,' '
        ld (de),a
        inc de
        ld a,b
        cp AI_STAGE_EXACT
        jr z,put_source_exact
        cp AI_STAGE_STOPPED
        jr z,put_source_stop
        cp AI_STAGE_WLD+1
        jr nc,put_source_wld
        or a
        jr z,put_source_no_stage
        ld a,'D'
        ld (de),a
        inc de
        ld a,b
        jp put_number
put_source_exact:
        ld hl,txt_src_exact
        call put_text
        ld hl,(last_exact)
        bit 7,h
        jp nz,put_int16         ; "-12"
        ld a,'+'
        ld (de),a
        inc de
        jp put_int16
put_source_stop:
        ld hl,txt_src_stop
        jp put_text
put_source_wld:                 ; the win/loss/draw check: its class, 1, 0 or -1
        ld hl,txt_src_win
        ld a,(last_exact)
        dec a
        jp z,put_text
        ld hl,txt_src_draw
        inc a
        jp z,put_text
        ld hl,txt_src_loss
        jp put_text
put_source_no_stage:            ; the opening book at a search level, else Nixon's scores
        ld a,(game_level)
        cp 3
        jr nc,put_source_book
        add a,'0'
        ld (de),a
        inc de
        ld hl,txt_src_ply
        jp put_text
put_source_book:
        ld hl,txt_src_book
        jp put_text

; panel_show_stage: while the computer thinks in stages, "THINKING D8": the depth it has
; finished (ai_done_depth), on the second message line. Trashes everything but IY.
panel_show_stage:
        ld de,msg_line2
        ld hl,txt_thinking_at
        call put_text
        ld a,(ai_done_depth)
        call put_number
        call end_text
        ld a,PEN_WHITE
        call set_pen
        ld e,PY_MSG+LINE_PITCH
        ld hl,msg_line2
        jp panel_text

; ---- Messages -----------------------------------------------------------------------------

; panel_messages: draws msg_line1 (yellow), msg_line2 and msg_line3 (white).
; Trashes everything but IY.
panel_messages:
        ld a,PEN_HI
        call set_pen
        ld e,PY_MSG
        ld hl,msg_line1
        call panel_text
        ld a,PEN_WHITE
        call set_pen
        ld e,PY_MSG+LINE_PITCH
        ld hl,msg_line2
        call panel_text
        ld e,PY_MSG+(2*LINE_PITCH)
        ld hl,msg_line3
        jp panel_text

; panel_show_turn: "BLACK TO MOVE", "YOUR MOVE D3" (the cursor), "4 LEGAL MOVES".
panel_show_turn:
        ld de,msg_line1
        ld a,(side_to_move)
        call put_colour
        ld hl,txt_to_move
        call put_text
        call end_text
        call compose_cursor_line
        call compose_moves_line
        call panel_messages
        ld hl,txt_help_move
        jp help_line

; compose_moves_line: msg_line3 = "4 LEGAL MOVES", or while the per-move scores are on
; "4 SCORES" (all scored), "SCORING 2/4" (advice.asm is working them out) or "2/4 SCORES"
; (stopped after 2). Trashes AF, DE, HL.
compose_moves_line:
        ld de,msg_line3
        ld a,(scores_on)
        or a
        jr z,compose_moves_line_count
        ld a,(scores_busy)
        or a
        jr nz,compose_moves_line_busy
        ld a,(scores_shown)
        or a
        jr z,compose_moves_line_busy ; on, about to be worked out
        ld a,(scores_done)
        ld hl,legal_count
        cp (hl)
        jr nc,compose_moves_line_count
        call put_done_of_legal  ; stopped: "2/4 SCORES"
        ld hl,txt_moves_scored
        jr compose_moves_line_plural
compose_moves_line_busy:
        ld hl,txt_scoring
        call put_text
        call put_done_of_legal
        jp end_text
compose_moves_line_count:
        ld a,(legal_count)
        call put_number
        ld a,(scores_on)
        or a
        jr nz,compose_moves_line_scored
        ld hl,txt_legal_moves
        ld a,(legal_count)
        dec a
        jr nz,compose_moves_line_plural
        ld hl,txt_legal_move
compose_moves_line_plural:
        call put_text
        jp end_text
compose_moves_line_scored:
        ld hl,txt_moves_scored
        ld a,(legal_count)
        dec a
        jr nz,compose_moves_line_plural
        ld hl,txt_move_scored
        jr compose_moves_line_plural

; put_done_of_legal: "2/4" at DE: the moves scored so far (0 while the scores are not shown)
; of the legal moves. Trashes AF, HL; DE moves on.
put_done_of_legal:
        ld a,(scores_shown)
        or a
        jr z,put_done_of_legal_count
        ld a,(scores_done)
put_done_of_legal_count:
        call put_number
        ld a,'/'
        ld (de),a
        inc de
        ld a,(legal_count)
        jp put_number

; panel_show_moves: only the third message line ("4 SCORES"). Trashes everything
; but IY.
panel_show_moves:
        call compose_moves_line
        ld a,PEN_WHITE
        call set_pen
        ld e,PY_MSG+(2*LINE_PITCH)
        ld hl,msg_line3
        jp panel_text

; panel_show_hint: "HINT D3 -12", the cursor's line (in the replay: whose turn, as it
; was), "PV D3 C3 F5 F6": the principal
; variation's first HINT_PV_SHOWN moves, as many as fit (advice.asm). Trashes everything
; but IY.
panel_show_hint:
        ld de,msg_line1
        ld hl,txt_hint
        call put_text
        ld a,(hint_square)
        call put_square
        ld a,' '
        ld (de),a
        inc de
        ld hl,(hint_score)
        call put_int16
        call end_text
        ld a,(ui_state)
        cp ST_REPLAY
        call nz,compose_cursor_line ; the replay keeps whose turn it is
        ld de,msg_line3
        ld hl,txt_pv
        call put_text
        ld a,(hint_pv_len)      ; 1.. (a hint has a move)
        cp HINT_PV_SHOWN+1
        jr c,panel_show_hint_length
        ld a,HINT_PV_SHOWN
panel_show_hint_length:
        ld b,a
        ld hl,hint_pv
panel_show_hint_move:
        ld a,' '
        ld (de),a
        inc de
        ld a,(hl)
        inc hl
        call put_square
        djnz panel_show_hint_move
        call end_text
        jp panel_messages

; panel_show_cursor: only the cursor's line ("YOUR MOVE D3"), when the cursor moves.
panel_show_cursor:
        call compose_cursor_line
        ld a,PEN_WHITE
        call set_pen
        ld e,PY_MSG+LINE_PITCH
        ld hl,msg_line2
        jp panel_text

; compose_cursor_line: msg_line2 = "YOUR MOVE " and the cursor's square. Trashes AF, DE, HL.
compose_cursor_line:
        ld de,msg_line2
        ld hl,txt_your_move
        call put_text
        ld a,(cursor_square)
        call put_square
        jp end_text

; panel_show_thinking: "WHITE TO MOVE", "THINKING...".
panel_show_thinking:
        ld de,msg_line1
        ld a,(side_to_move)
        call put_colour
        ld hl,txt_to_move
        call put_text
        call end_text
        ld de,msg_line2
        ld hl,txt_thinking
        call put_text
        call end_text
        ld de,msg_line3
        call end_text
        call panel_messages
        ld hl,txt_help_wait
        ld a,(play_mode)
        or a
        jr nz,panel_show_thinking_help
        ld hl,txt_help_demo
panel_show_thinking_help:
        jp help_line

; panel_show_pass: A = the side that passes: "BLACK PASSES", "NO LEGAL MOVE", "PRESS SPACE".
panel_show_pass:
        ld de,msg_line1
        call put_colour
        ld hl,txt_passes
        call put_text
        call end_text
        ld de,msg_line2
        ld hl,txt_no_move
        call put_text
        call end_text
        ld de,msg_line3
        ld hl,txt_press_space
        ld a,(play_mode)
        or a
        jr nz,panel_show_pass_text
        ld hl,txt_nothing       ; the demo goes on by itself
panel_show_pass_text:
        call put_text
        call end_text
        call panel_messages
        ld hl,txt_help_pass
        ld a,(play_mode)
        or a
        jr nz,panel_show_pass_help
        ld hl,txt_help_demo
panel_show_pass_help:
        jp help_line

; panel_show_game_over: "GAME OVER", "BLACK WINS" or "A DRAW", "SCORE 40-24" (the WOF
; final score, the winner's first) from game_winner, final_black and final_white.
panel_show_game_over:
        ld de,msg_line1
        ld hl,txt_game_over
        call put_text
        call end_text
        ld de,msg_line2
        ld a,(game_winner)
        or a
        jr nz,panel_show_game_over_winner
        ld hl,txt_draw
        call put_text
        jr panel_show_game_over_score
panel_show_game_over_winner:
        call put_colour
        ld hl,txt_wins
        call put_text
panel_show_game_over_score:
        call end_text
        ld de,msg_line3
        ld hl,txt_score
        call put_text
        ld a,(final_black)
        ld b,a
        ld a,(final_white)
        ld c,a
        ld a,(game_winner)
        cp SQ_WHITE
        jr nz,panel_show_game_over_order
        ld a,b                  ; white won: white's score first
        ld b,c
        ld c,a
panel_show_game_over_order:
        ld a,b
        call put_number
        ld a,'-'
        ld (de),a
        inc de
        ld a,c
        call put_number
        call end_text
        call panel_messages
        ld hl,txt_help_over
        jp help_line

; panel_show_time_over: "GAME OVER", "WHITE WINS", "TIME UP: BLACK" (time_out, game_winner).
; Trashes everything but IY.
panel_show_time_over:
        ld de,msg_line1
        ld hl,txt_game_over
        call put_text
        call end_text
        ld de,msg_line2
        ld a,(game_winner)
        call put_colour
        ld hl,txt_wins
        call put_text
        call end_text
        ld de,msg_line3
        ld hl,txt_time_up
        call put_text
        ld a,(time_out)
        call put_colour
        call end_text
        call panel_messages
        ld hl,txt_help_time_over
        jp help_line

; panel_show_replay: the replay's messages (replay.asm): "REPLAY 12/58", whose turn it is
; (GAME OVER at the end of a finished game), "NEXT E6" or "END OF RECORD"; its help.
; Trashes everything but IY.
panel_show_replay:
        ld de,msg_line1
        ld hl,txt_replay
        call put_text
        ld a,(record_count)
        call put_byte
        ld a,'/'
        ld (de),a
        inc de
        ld a,(record_end)
        call put_byte
        call end_text
        ld de,msg_line2
        ld a,(record_count)
        ld hl,record_end
        cp (hl)
        jr c,panel_show_replay_turn
        ld a,(game_over)
        or a
        jr z,panel_show_replay_turn
        ld hl,txt_game_over
        call put_text
        jr panel_show_replay_next
panel_show_replay_turn:
        ld a,(side_to_move)
        call put_colour
        ld hl,txt_to_move
        call put_text
panel_show_replay_next:
        call end_text
        ld de,msg_line3
        ld a,(record_count)
        ld hl,record_end
        cp (hl)
        ld hl,txt_end_of_record
        jr nc,panel_show_replay_end
        ld hl,txt_next
        call put_text
        ld a,(record_count)
        call record_at
        ld a,(hl)
        call put_ply
        ld hl,txt_nothing
panel_show_replay_end:
        call put_text
        call end_text
        call panel_messages
        ld hl,txt_help_replay
        ld a,(time_out)
        or a
        jr z,panel_show_replay_help
        ld hl,txt_help_replay_view
panel_show_replay_help:
        jp help_line

; panel_show_menu: the menu in place of the record.
panel_show_menu:
        call record_clear
        ld a,PEN_HI
        call set_pen
        ld de,PANEL_X*256+PY_RECORD
        ld hl,txt_menu
        call draw_text
        ld a,PEN_WHITE
        call set_pen
        ld hl,txt_menu_items
        ld e,PY_RECORD+LINE_PITCH
panel_show_menu_item:
        ld d,PANEL_X
        call draw_text          ; HL moves to the next item
        ld a,e
        add a,LINE_PITCH
        ld e,a
        ld a,(hl)
        or a
        jr nz,panel_show_menu_item ; a second 0 ends the list
        call panel_menu_values
        ld hl,txt_help_menu
        jp help_line

; panel_menu_values: the menu lines that show a setting: players, handicap, clock.
; Trashes everything but IY.
panel_menu_values:
        ld de,value_buf
        ld a,(play_mode)        ; 0 (the demo), 1 or 2 human players
        call put_number
        call end_text
        ld e,PY_MENU_PLAYERS
        ld hl,txt_menu_players
        call panel_field
        ld de,value_buf
        ld a,(handicap)
        call put_number
        call end_text
        ld e,PY_MENU_HANDICAP
        ld hl,txt_menu_handicap
        call panel_field
        ld de,value_buf
        ld a,(clock_minutes)
        or a
        jr z,panel_menu_values_off
        call put_number
        jr panel_menu_values_clock
panel_menu_values_off:
        ld hl,txt_off
        call put_text
panel_menu_values_clock:
        call end_text
        ld e,PY_MENU_CLOCK
        ld hl,txt_menu_clock
        jp panel_field

PY_MENU_PLAYERS equ PY_RECORD+(4*LINE_PITCH)
PY_MENU_HANDICAP equ PY_RECORD+(5*LINE_PITCH)
PY_MENU_CLOCK   equ PY_RECORD+(6*LINE_PITCH)

; panel_show_setup: the three message lines of the set-up (setup.asm) and its help.
; Trashes everything but IY.
panel_show_setup:
        ld de,msg_line1
        ld hl,txt_set_up
        call put_text
        call end_text
        call compose_setup_square
        call compose_setup_side
        call panel_messages
        ld hl,txt_help_setup
        jp help_line

; panel_setup_square: the set-up cursor's line. Trashes everything but IY.
panel_setup_square:
        call compose_setup_square
        ld a,PEN_WHITE
        call set_pen
        ld e,PY_MSG+LINE_PITCH
        ld hl,msg_line2
        jp panel_text

; panel_setup_side: the side to move's line. Trashes everything but IY.
panel_setup_side:
        call compose_setup_side
        ld a,PEN_WHITE
        call set_pen
        ld e,PY_MSG+(2*LINE_PITCH)
        ld hl,msg_line3
        jp panel_text

; compose_setup_square: msg_line2 = "SQUARE D4". Trashes AF, DE, HL.
compose_setup_square:
        ld de,msg_line2
        ld hl,txt_square
        call put_text
        ld a,(cursor_square)
        call put_square
        jp end_text

; compose_setup_side: msg_line3 = "BLACK TO MOVE". Trashes AF, DE, HL.
compose_setup_side:
        ld de,msg_line3
        ld a,(side_to_move)
        call put_colour
        ld hl,txt_to_move
        call put_text
        jp end_text

; panel_clear_messages: the three message lines empty (not redrawn). Trashes AF.
panel_clear_messages:
        xor a
        ld (msg_line1),a
        ld (msg_line2),a
        ld (msg_line3),a
        ret

; panel_show_error: "INTERNAL ERROR", "BAD AI MOVE", the move (as a number).
panel_show_error:
        ld de,msg_line1
        ld hl,txt_error
        call put_text
        call end_text
        ld de,msg_line2
        ld hl,txt_bad_ai_move
        call put_text
        call end_text
        ld de,msg_line3
        ld a,(ai_move)
        call put_byte
        call end_text
        call panel_messages
        ld hl,txt_help_error
        jp help_line

; ---- Game record --------------------------------------------------------------------------

; panel_record: the plies of record_list, 5 a row; when they do not all fit, the last rows.
; Trashes everything but IY.
panel_record:
        ld a,(record_count)
        sub RECORD_ROWS*RECORD_PER_ROW
        jr nc,panel_record_scroll
        xor a
        jr panel_record_first
panel_record_scroll:
        ld c,a                  ; round the overflow up to whole rows
        xor a
panel_record_round:
        cp c
        jr nc,panel_record_first
        add a,RECORD_PER_ROW
        jr panel_record_round
panel_record_first:
        ld (rec_index),a
        ld a,PY_RECORD
        ld (rec_y),a
        ld a,PEN_WHITE
        call set_pen
        ld b,RECORD_ROWS
panel_record_row:
        push bc
        ld de,row_buf
        ld b,RECORD_PER_ROW
panel_record_entry:
        ld a,(record_count)
        ld c,a
        ld a,(rec_index)
        cp c
        jr nc,panel_record_row_end
        ld a,b
        cp RECORD_PER_ROW
        jr z,panel_record_no_space
        ld a,' '
        ld (de),a
        inc de
panel_record_no_space:
        ld hl,rec_index
        ld a,(hl)
        inc (hl)
        ld hl,record_list
        add a,l
        ld l,a
        jr nc,panel_record_ply
        inc h
panel_record_ply:
        ld a,(hl)
        call put_ply
        djnz panel_record_entry
panel_record_row_end:
        call end_text
        ld a,(rec_y)
        ld e,a
        ld hl,row_buf
        call panel_text
        ld a,(rec_y)
        add a,CHAR_H
        ld (rec_y),a
        pop bc
        djnz panel_record_row
        ret

; record_clear: blanks the record's rows. Trashes AF, BC, HL.
record_clear:
        ld de,PANEL_X*256+PY_RECORD
        ld bc,PANEL_W*256+(RECORD_ROWS*CHAR_H)
        jp clear_rect

; ---- Text helpers -------------------------------------------------------------------------

; panel_field: E = line, HL = label. Clears the panel line, draws the label in white and
; value_buf in yellow against the right edge. Trashes everything but IY.
panel_field:
        push hl
        ld d,PANEL_X
        ld bc,PANEL_W*256+CHAR_H
        call clear_rect
        ld a,PEN_WHITE
        call set_pen
        pop hl
        call draw_text
        ld a,PEN_HI
        call set_pen
        ld hl,value_buf
        call text_length
        add a,a
        ld b,a
        ld a,PANEL_X+PANEL_W
        sub b
        ld d,a
        jp draw_text

; panel_text: E = line, HL = text: clears the panel line and draws the text in the current
; pen. Trashes everything but IY.
panel_text:
        push hl
        ld d,PANEL_X
        ld bc,PANEL_W*256+CHAR_H
        call clear_rect
        pop hl
        jp draw_text

; help_line: HL = two texts one after the other, each centred in green on its help line.
; Trashes everything but IY.
help_line:
        ld e,HELP_Y
        call help_line_line
        ld e,HELP_Y+CHAR_H
help_line_line:
        push hl
        ld d,0
        ld bc,80*256+CHAR_H
        call clear_rect
        ld a,PEN_BOARD
        call set_pen
        pop hl
        call text_length
        ld b,a
        ld a,40                 ; centred: (80 - 2 * length) / 2
        sub b
        ld d,a
        jp draw_text            ; HL past the text's 0

; text_length: HL = text -> A = characters before its 0. Keeps HL; trashes F, B.
text_length:
        push hl
        ld b,0
text_length_count:
        ld a,(hl)
        or a
        jr z,text_length_done
        inc b
        inc hl
        jr text_length_count
text_length_done:
        ld a,b
        pop hl
        ret

; put_text: copies the text at HL (without its 0) to DE. Out: DE after it, HL past the 0.
; Trashes AF.
put_text:
        ld a,(hl)
        inc hl
        or a
        ret z
        ld (de),a
        inc de
        jr put_text

; end_text: ends the text being built at DE. Trashes nothing.
end_text:
        push af
        xor a
        ld (de),a
        pop af
        ret

; put_number: A = 0..99 -> its decimal digits at DE, no leading zero. Trashes AF; keeps BC.
put_number:
        push bc
        ld c,'0'-1
put_number_tens:
        inc c
        sub 10
        jr nc,put_number_tens
        add a,10+'0'
        ld b,a                  ; the units digit
        ld a,c
        cp '0'
        jr z,put_number_units
        ld (de),a
        inc de
put_number_units:
        ld a,b
        ld (de),a
        inc de
        pop bc
        ret

; put_byte: A = 0..255 -> its decimal digits at DE. Trashes AF.
put_byte:
        cp 100
        jr c,put_number
        push bc
        ld c,'0'-1
put_byte_hundreds:
        inc c
        sub 100
        jr nc,put_byte_hundreds
        add a,100               ; A = the last two digits
        ld b,a
        ld a,c
        ld (de),a
        inc de
        ld a,b
        cp 10
        jr nc,put_byte_two
        ld a,'0'                ; a zero tens digit
        ld (de),a
        inc de
        ld a,b
put_byte_two:
        pop bc
        jr put_number

; put_int16: HL = a signed 16-bit number -> its decimal digits at DE, with a minus sign
; when negative. Trashes AF, HL; keeps BC.
put_int16:
        bit 7,h
        jr z,put_int16_digits
        ld a,'-'
        ld (de),a
        inc de
        xor a                   ; HL = -HL (32768 for -32768: read unsigned below)
        sub l
        ld l,a
        sbc a,a
        sub h
        ld h,a
put_int16_digits:
        push bc
        xor a
        ld (pi_lead),a
        ld bc,10000
        call put_int16_digit
        ld bc,1000
        call put_int16_digit
        ld bc,100
        call put_int16_digit
        ld bc,10
        call put_int16_digit
        ld a,l
        add a,'0'
        ld (de),a
        inc de
        pop bc
        ret
put_int16_digit:
        ld a,'0'-1              ; HL (unsigned) / BC
        or a
put_int16_count:
        inc a
        sbc hl,bc
        jr nc,put_int16_count
        add hl,bc
        cp '0'
        jr nz,put_int16_write
        ld a,(pi_lead)
        or a
        ret z                   ; no leading zeros
        ld a,'0'
put_int16_write:
        ld (de),a
        inc de
        ld a,1
        ld (pi_lead),a
        ret

; put_square: A = square 0..63 -> its name ("D3") at DE. Trashes AF.
put_square:
        push af
        and 7
        add a,'A'
        ld (de),a
        inc de
        pop af
        rrca
        rrca
        rrca
        and 7
        add a,'1'
        ld (de),a
        inc de
        ret

; put_ply: A = a record entry -> "D3", "--" for a pass (PLY_PASS) or "-" for none.
; Trashes AF.
put_ply:
        cp 64
        jr c,put_square
        cp PLY_PASS
        ld a,'-'
        ld (de),a
        inc de
        ret nz
        ld (de),a
        inc de
        ret

; put_colour: A = SQ_BLACK or SQ_WHITE -> "BLACK" or "WHITE" at DE. Trashes AF; keeps HL.
put_colour:
        push hl
        ld hl,txt_black
        cp SQ_WHITE
        jr nz,put_colour_copy
        ld hl,txt_white
put_colour_copy:
        call put_text
        pop hl
        ret

; ---- Texts --------------------------------------------------------------------------------

txt_title:      db "OTHELLO",0
txt_black:      db "BLACK",0
txt_white:      db "WHITE",0
txt_you:        db "YOU",0
txt_level:      db "LEVEL",0
txt_last:       db "LAST",0
txt_to_move:    db " TO MOVE",0
txt_your_move:  db "YOUR MOVE ",0
txt_legal_moves: db " LEGAL MOVES",0
txt_legal_move: db " LEGAL MOVE",0
txt_thinking:   db "THINKING...",0
txt_thinking_at: db "THINKING D",0
txt_src_exact:  db "EX",0
txt_src_stop:   db "STOP",0
txt_src_win:    db "WIN",0
txt_src_draw:   db "DRAW",0
txt_src_loss:   db "LOSS",0
txt_src_ply:    db " PLY",0
txt_src_book:   db "BOOK",0
txt_passes:     db " PASSES",0
txt_no_move:    db "NO LEGAL MOVE",0
txt_press_space: db "PRESS SPACE",0
txt_game_over:  db "GAME OVER",0
txt_wins:       db " WINS",0
txt_draw:       db "A DRAW",0
txt_score:      db "SCORE ",0
txt_menu:       db "MENU",0
txt_menu_items: db "N  NEW GAME",0
                db "C  SWAP COLOUR",0
                db "L  NEXT LEVEL",0
txt_menu_players: db "P  PLAYERS",0
txt_menu_handicap: db "H  HANDICAP",0
txt_menu_clock: db "K  CLOCK",0
                db "E  SET UP",0
                db "R  REPLAY",0
                db 0
txt_off:        db "OFF",0
txt_demo:       db "DEMO",0
txt_players:    db "PLAYERS",0
txt_handicap:   db "HANDICAP",0
txt_set_up_game: db "SET UP GAME",0
txt_nothing:    db 0
txt_none:       db "-",0
txt_scoring:    db "SCORING ",0
txt_moves_scored: db " SCORES",0
txt_move_scored: db " SCORE",0
txt_hint:       db "HINT ",0
txt_pv:         db "PV",0
txt_time_up:    db "TIME UP: ",0
txt_replay:     db "REPLAY ",0
txt_next:       db "NEXT ",0
txt_end_of_record: db "END OF RECORD",0
txt_set_up:     db "SET UP",0
txt_square:     db "SQUARE ",0
txt_error:      db "INTERNAL ERROR",0
txt_bad_ai_move: db "BAD AI MOVE",0
; Help: two lines each.
txt_help_move:  db "SPACE,ARROWS:MOVE  ENTER:PLAY  ESC:MENU",0
                db "H:HINT  S:SCORES  B:BACK  F:FORWARD",0
txt_help_wait:  db "PLEASE WAIT",0
                db "M: MOVE NOW",0
txt_help_scoring: db "SCORING EVERY LEGAL MOVE: PLEASE WAIT",0
                db "M OR ESC: STOP (THE REST STAY BLANK)",0
txt_help_demo:  db "DEMO: THE COMPUTER PLAYS BOTH SIDES",0
                db "M: MOVE NOW   ESC: STOP THE DEMO",0
txt_help_pass:  db "SPACE OR ENTER: GO ON   ESC: MENU",0
                db "B: TAKE BACK   F: FORWARD",0
txt_help_over:  db "N: NEW GAME   ESC: MENU",0
                db "B: TAKE BACK   R: REPLAY",0
txt_help_time_over: db "N: NEW GAME   ESC: MENU",0
                db "R: REPLAY",0
txt_help_replay: db "SPACE:NEXT  F:NEXT (HOLD:ALL)  H:HINT",0
                db "B: BACK   P: PLAY FROM HERE   ESC: EXIT",0
txt_help_replay_view: db "SPACE:NEXT  F:NEXT (HOLD:ALL)  H:HINT",0
                db "B: BACK   ESC: EXIT",0
txt_help_menu:  db "PRESS THE KEY OF A LINE OF THE MENU",0
                db "N: NEW GAME   ESC: BACK TO THE GAME",0
txt_help_setup: db "ARROWS: SQUARE  SPACE: DISC  X: SIDE",0
                db "DEL: CLEAR  ENTER: PLAY  ESC: CANCEL",0
txt_help_error: db "N: NEW GAME",0
                db 0

; ---- Variables ----------------------------------------------------------------------------

value_buf:      ds 16               ; panel_field's value
msg_line1:      ds 16               ; the three message lines
msg_line2:      ds 16
msg_line3:      ds 16
row_buf:        ds 16               ; one row of the record
rec_index:      db 0                ; panel_record: the next ply to show
rec_y:          db 0                ; panel_record: its line
pi_lead:        db 0                ; put_int16: 1 once a digit is written
