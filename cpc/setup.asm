; setup.asm - how a game can start other than from the start position: with handicap corners
; (after Mattel's Othello, which gave corners to the weaker player) or from a position set
; up on the board.
;
; Handicap (menu H: 0..4, from the next new game on): the start position, plus a disc of
; human_colour on each of the first `handicap` corners of a1, h8, h1, a8 (two corners are
; opposite ones). Black still moves first. The corners go to human_colour whoever plays,
; so with two players or in the demo they go to the side the menu's C has chosen.
;
; Set up (menu E, state ST_SETUP): the current position, with a cursor free to go to any
; square. Cursor keys move it (no wrapping); SPACE turns the square empty -> black ->
; white -> empty; X changes the side to move; DEL (or CLR) empties the board; ENTER plays
; from the position as it stands (it becomes the game's start: empty record, clocks set
; again); ESC puts the position back as it was and returns to the menu.

ORIGIN_START    equ 0               ; game_origin: the start position
ORIGIN_HANDICAP equ 1               ; with handicap corners
ORIGIN_SETUP    equ 2               ; a set-up position
HANDICAP_MAX    equ 4

; place_handicap: the handicap corners for human_colour on game_board; game_corners = how
; many. Out: A = ORIGIN_HANDICAP, or ORIGIN_START without corners. Trashes F, BC, DE, HL.
place_handicap:
        ld a,(handicap)
        ld (game_corners),a
        or a
        ret z                   ; ORIGIN_START
        ld b,a
        ld hl,handicap_corners
place_handicap_corner:
        ld e,(hl)
        inc hl
        ld d,0
        push hl
        ld hl,game_board
        add hl,de
        ld a,(human_colour)
        ld (hl),a
        pop hl
        djnz place_handicap_corner
        ld a,ORIGIN_HANDICAP
        ret

handicap_corners:
        db 0,63,7,56                ; a1, h8, h1, a8

; ui_setup: the set-up state.
ui_setup:
        call clock_stop
        call cursor_hide
        call advice_clear
        ld hl,game_board        ; kept for ESC
        ld de,su_board
        ld bc,64
        ldir
        ld a,(side_to_move)
        ld (su_side),a
        ld a,(last_move)
        ld (su_last),a
        ld a,PLY_NONE           ; no last-move dot while setting up
        call set_last_move
        ld a,ST_SETUP
        ld (ui_state),a
        ld a,3*8+3              ; d4
        ld (cursor_square),a
        ld a,1
        ld (cursor_on),a
        ld a,(cursor_square)
        call refresh_square
        call record_clear
        call panel_show_setup
ui_setup_key:
        call ui_wait_key
        cp KEY_SPACE
        jr z,ui_setup_disc
        cp KEY_X
        jr z,ui_setup_side
        cp KEY_DEL
        jr z,ui_setup_clear
        cp KEY_ENTER
        jr z,ui_setup_play
        cp KEY_ESC
        jr z,ui_setup_cancel
        cp KEY_UP
        jr c,ui_setup_key
        cp KEY_RIGHT+1
        jr nc,ui_setup_key
        call setup_move
        jr ui_setup_key
ui_setup_disc:
        ld a,(cursor_square)
        ld e,a
        ld d,0
        ld hl,game_board
        add hl,de
        ld a,(hl)
        inc a
        cp SQ_WHITE+1
        jr c,ui_setup_put
        xor a                   ; white -> empty
ui_setup_put:
        ld (hl),a
        ld a,e
        call refresh_square
        call panel_counts
        jr ui_setup_key
ui_setup_side:
        call pass_move
        call panel_setup_side
        jr ui_setup_key
ui_setup_clear:
        ld hl,game_board
        ld b,64
ui_setup_empty:
        ld (hl),SQ_EMPTY
        inc hl
        djnz ui_setup_empty
        call draw_board
        call panel_counts
        jr ui_setup_key
ui_setup_play:
        call cursor_hide
        ld a,ORIGIN_SETUP
        ld (game_origin),a
        call game_fresh
        ld sp,STACK_TOP
        call ui_redraw
        jp ui_turn
ui_setup_cancel:
        call cursor_hide
        ld hl,su_board
        ld de,game_board
        ld bc,64
        ldir
        ld a,(su_side)
        ld (side_to_move),a
        ld a,(su_last)
        ld (last_move),a
        call panel_clear_messages
        call ui_redraw
        jp ui_menu

; setup_move: A = KEY_UP, KEY_DOWN, KEY_LEFT or KEY_RIGHT: the set-up cursor one square
; that way, if the board goes on. Trashes everything but IY.
setup_move:
        ld b,a
        ld a,(cursor_square)
        ld c,a
        ld a,b
        cp KEY_UP
        jr nz,setup_move_down
        ld a,c
        sub 8
        ret c
        jr setup_move_go
setup_move_down:
        cp KEY_DOWN
        jr nz,setup_move_left
        ld a,c
        add a,8
        cp 64
        ret nc
        jr setup_move_go
setup_move_left:
        cp KEY_LEFT
        jr nz,setup_move_right
        ld a,c
        and 7
        ret z
        ld a,c
        dec a
        jr setup_move_go
setup_move_right:
        ld a,c
        and 7
        cp 7
        ret z
        ld a,c
        inc a
setup_move_go:
        push af
        call cursor_hide
        pop af
        ld (cursor_square),a
        ld a,1
        ld (cursor_on),a
        ld a,(cursor_square)
        call refresh_square
        jp panel_setup_square

handicap:       db 0                ; the setting: corners for the next new game
game_corners:   db 0                ; the corners this game started with
game_origin:    db ORIGIN_START     ; how this game started: ORIGIN_...
su_board:       ds 64               ; ui_setup: the position before, for ESC
su_side:        db 0
su_last:        db 0
