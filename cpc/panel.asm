; panel.asm - the text right of the board and the help line below it.
;
; The panel is 14 characters wide (screen bytes 52..79):
;
;   line   0   OTHELLO                   title
;         18   BLACK          2          disc counts
;         27   WHITE          2
;         40   YOU        BLACK          the human's colour
;         49   LEVEL          1          the AI level
;         58   LAST          D3          the last move (--, or - before the first)
;      72-90   three message lines: whose turn, the cursor's square, THINKING..., PASS,
;              GAME OVER with the winner and the WOF final score
;    104-183   the game record, 5 plies a row (passes as --), or the menu
;        192   help line, across the whole screen: the keys that work now
;
; Labels are white, values and the first message line yellow, the help line green.

PANEL_X         equ 52              ; screen byte of the panel's left edge
PANEL_W         equ 28              ; bytes (14 characters)
PY_TITLE        equ 0
PY_BLACK        equ 18
PY_WHITE        equ 27
PY_YOU          equ 40
PY_LEVEL        equ 49
PY_LAST         equ 58
PY_MSG          equ 72              ; three lines, LINE_PITCH apart
PY_RECORD       equ 104
RECORD_ROWS     equ 10
RECORD_PER_ROW  equ 5
HELP_Y          equ 192
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
        call panel_counts
        call panel_settings
        call panel_last
        call panel_messages
        jp panel_record

; panel_counts: the disc counts of game_board. Trashes everything but IY.
panel_counts:
        call count_discs
        ld de,value_buf
        ld a,(black_count)
        call put_number
        call end_text
        ld e,PY_BLACK
        ld hl,txt_black
        call panel_field
        ld de,value_buf
        ld a,(white_count)
        call put_number
        call end_text
        ld e,PY_WHITE
        ld hl,txt_white
        jp panel_field

; panel_settings: the human's colour and the level. Trashes everything but IY.
panel_settings:
        ld de,value_buf
        ld a,(human_colour)
        call put_colour
        call end_text
        ld e,PY_YOU
        ld hl,txt_you
        call panel_field
        ld de,value_buf
        ld a,(game_level)
        call put_number
        call end_text
        ld e,PY_LEVEL
        ld hl,txt_level
        jp panel_field

; panel_last: the last move. Trashes everything but IY.
panel_last:
        ld de,value_buf
        ld a,(last_move)
        call put_ply
        call end_text
        ld e,PY_LAST
        ld hl,txt_last
        jp panel_field

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
        ld e,PY_MSG+2*LINE_PITCH
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
        ld de,msg_line3
        ld a,(legal_count)
        call put_number
        ld hl,txt_legal_moves
        ld a,(legal_count)
        dec a
        jr nz,.plural
        ld hl,txt_legal_move
.plural:
        call put_text
        call end_text
        call panel_messages
        ld hl,txt_help_move
        jp help_line

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
        call put_text
        call end_text
        call panel_messages
        ld hl,txt_help_pass
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
        jr nz,.winner
        ld hl,txt_draw
        call put_text
        jr .score
.winner:
        call put_colour
        ld hl,txt_wins
        call put_text
.score: call end_text
        ld de,msg_line3
        ld hl,txt_score
        call put_text
        ld a,(final_black)
        ld b,a
        ld a,(final_white)
        ld c,a
        ld a,(game_winner)
        cp SQ_WHITE
        jr nz,.order
        ld a,b                  ; white won: white's score first
        ld b,c
        ld c,a
.order: ld a,b
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
        ld e,PY_RECORD+2*LINE_PITCH
.item:  ld d,PANEL_X
        call draw_text          ; HL moves to the next item
        ld a,e
        add a,LINE_PITCH
        ld e,a
        ld a,(hl)
        or a
        jr nz,.item             ; a second 0 ends the list
        ld hl,txt_help_menu
        jp help_line

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
        jr nc,.scroll
        xor a
        jr .first
.scroll:
        ld c,a                  ; round the overflow up to whole rows
        xor a
.round: cp c
        jr nc,.first
        add a,RECORD_PER_ROW
        jr .round
.first: ld (rec_index),a
        ld a,PY_RECORD
        ld (rec_y),a
        ld a,PEN_WHITE
        call set_pen
        ld b,RECORD_ROWS
.row:   push bc
        ld de,row_buf
        ld b,RECORD_PER_ROW
.entry: ld a,(record_count)
        ld c,a
        ld a,(rec_index)
        cp c
        jr nc,.row_end
        ld a,b
        cp RECORD_PER_ROW
        jr z,.no_space
        ld a,' '
        ld (de),a
        inc de
.no_space:
        ld hl,rec_index
        ld a,(hl)
        inc (hl)
        ld hl,record_list
        add a,l
        ld l,a
        jr nc,.ply
        inc h
.ply:   ld a,(hl)
        call put_ply
        djnz .entry
.row_end:
        call end_text
        ld a,(rec_y)
        ld e,a
        ld hl,row_buf
        call panel_text
        ld a,(rec_y)
        add a,CHAR_H
        ld (rec_y),a
        pop bc
        djnz .row
        ret

; record_clear: blanks the record's rows. Trashes AF, BC, HL.
record_clear:
        ld de,PANEL_X*256+PY_RECORD
        ld bc,PANEL_W*256+RECORD_ROWS*CHAR_H
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

; help_line: HL = text, centred in green on the bottom line. Trashes everything but IY.
help_line:
        push hl
        ld de,0*256+HELP_Y
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
        jp draw_text

; text_length: HL = text -> A = characters before its 0. Keeps HL; trashes F, B.
text_length:
        push hl
        ld b,0
.count: ld a,(hl)
        or a
        jr z,.done
        inc b
        inc hl
        jr .count
.done:  ld a,b
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
.tens:  inc c
        sub 10
        jr nc,.tens
        add a,10+'0'
        ld b,a                  ; the units digit
        ld a,c
        cp '0'
        jr z,.units
        ld (de),a
        inc de
.units: ld a,b
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
.hundreds:
        inc c
        sub 100
        jr nc,.hundreds
        add a,100               ; A = the last two digits
        ld b,a
        ld a,c
        ld (de),a
        inc de
        ld a,b
        cp 10
        jr nc,.two
        ld a,'0'                ; a zero tens digit
        ld (de),a
        inc de
        ld a,b
.two:   pop bc
        jr put_number

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
        jr nz,.copy
        ld hl,txt_white
.copy:  call put_text
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
                db "ESC  BACK",0
                db 0
txt_error:      db "INTERNAL ERROR",0
txt_bad_ai_move: db "BAD AI MOVE",0
txt_help_move:  db "SPACE,ARROWS:MOVE  ENTER:PLAY  ESC:MENU",0
txt_help_wait:  db "PLEASE WAIT",0
txt_help_pass:  db "SPACE OR ENTER: GO ON   ESC: MENU",0
txt_help_over:  db "N: NEW GAME   ESC: MENU",0
txt_help_menu:  db "N: NEW  C: COLOUR  L: LEVEL  ESC: BACK",0
txt_help_error: db "N: NEW GAME",0

; ---- Variables ----------------------------------------------------------------------------

value_buf:      ds 16               ; panel_field's value
msg_line1:      ds 16               ; the three message lines
msg_line2:      ds 16
msg_line3:      ds 16
row_buf:        ds 16               ; one row of the record
rec_index:      db 0                ; panel_record: the next ply to show
rec_y:          db 0                ; panel_record: its line
