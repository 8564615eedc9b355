; ui.asm - the game's state machine: whose turn, the keys, passes, game over, the menu.
;
; Each state is entered by JP, with nothing of its own on the stack, and ends by jumping to
; the next, so the stack never grows from state to state (a state that is left from inside
; a subroutine, such as a take-back or a fallen flag, resets the stack first).
;
;   ui_turn      works out the legal moves of the side to move (gen_legal, before asking
;                anything); none: a pass, or the game is over; else a human's or the
;                computer's move, after play_mode (1 player against the computer, 2 players,
;                or 0: the computer against itself, the demo).
;   ui_human     waits for keys. SPACE moves the cursor to the next legal move in the
;                canonical order (ascending square index: a1 b1 .. h1 a2 .. h8, wrapping
;                around); a cursor key moves it to the nearest legal move that way
;                (cursor_direction); ENTER or RETURN plays the move under the cursor.
;                The cursor only ever stands on a legal move, so an illegal move cannot be
;                played. H shows the hint, S switches the per-move scores, B takes back,
;                F goes forward again through the moves taken back.
;   ui_computer  copies the position to the AI (ai_board, ai_side, ai_level), calls
;                ai_entry and plays its move. M meanwhile sets ai_abort ("move now"); in the
;                demo ESC does too and then stops the demo (clock.asm, irq_keys).
;   ui_pass      announces a forced pass and waits for SPACE or ENTER (the demo goes on by
;                itself after a pause).
;   ui_game_over shows the WOF final score and the winner; N starts a new game, R replays
;                it (replay.asm).
;   ui_time_over a flag has fallen (clock.asm): the side loses, announced as game over.
;   ui_menu      ESC from any waiting state: N new game, C swap colours (the computer takes
;                the other side at once), L next level, P players, H handicap, K clock,
;                E set up a position (setup.asm), R replay the game (replay.asm), ESC back
;                to the game.
;
; ui_state tells the test harness what the program is doing (ST_ values below); ui_ready
; is 1 exactly while the program waits for a key in one of the waiting states, and
; ui_keys counts the keys it has taken, so a harness can press a key, run until ui_keys
; changes, release it and wait for ui_ready again. docs/architecture.md lists them all.

ST_START        equ 0               ; starting a game, drawing
ST_HUMAN        equ 1               ; waiting for the human's move
ST_THINKING     equ 2               ; the AI is choosing a move
ST_GAME_OVER    equ 3               ; the game is over, waiting for a key
ST_MENU         equ 4               ; the menu is shown, waiting for a key
ST_PASS         equ 5               ; a forced pass is announced, waiting for a key
ST_MOVING       equ 6               ; a move is being played and drawn
ST_ERROR        equ 7               ; the AI returned a move that is not legal
ST_SETUP        equ 8               ; setting up a position, waiting for a key
ST_REPLAY       equ 9               ; replaying the game, waiting for a key

MODE_DEMO       equ 0               ; play_mode: the computer plays both sides
MODE_COMPUTER   equ 1               ; one player against the computer
MODE_TWO        equ 2               ; two players, no computer

PLY_PASS        equ &FF             ; a pass, in record_list and last_move
PLY_NONE        equ &FE             ; last_move before the first move; no hint
SRC_NONE        equ &FD             ; last_source: a human's move, a pass, or unknown
FLIP_FRAMES     equ 2               ; frames between two flipped discs being drawn
DEMO_FRAMES     equ 25              ; frames between two moves of the demo (half a second)

ui_main:
        ld a,SQ_BLACK
        ld (human_colour),a
        ld a,1
        ld (game_level),a
        ; then a new game

; ui_new_game: the start position (with the handicap corners), the whole screen.
ui_new_game:
        ld sp,STACK_TOP
        xor a
        ld (ui_ready),a
        ld a,ST_START
        ld (ui_state),a
        call game_init
        call ui_redraw
        ; then the first turn

; ui_turn: what happens next in the current position.
ui_turn:
        ld a,(flag_fell)
        or a
        jp nz,ui_time_over
        call cursor_hide
        call advice_clear
        call gen_legal
        ld a,(legal_count)
        or a
        jr nz,ui_turn_move
        call pass_move          ; no move: can the other side move?
        call gen_legal
        ld a,(legal_count)
        or a
        jr z,ui_turn_over
        ld a,PLY_PASS
        call record_ply
        ld a,PLY_PASS
        call set_last_move
        jp ui_pass
ui_turn_over:
        call pass_move          ; neither can: the side to move stays as it was
        jp ui_game_over
ui_turn_move:
        call is_human_turn
        jp z,ui_human
        jp ui_computer

; ui_human: the human chooses among legal_list with the keys.
ui_human:
        call kbd_flush          ; nothing typed while the computer played counts
        xor a
        ld (cursor_index),a
        ld a,(side_to_move)
        call clock_run
        ld a,ST_HUMAN
        ld (ui_state),a
        call cursor_show
        call scores_refresh     ; the per-move scores, when they are switched on
ui_human_key:
        call ui_wait_key
        cp KEY_SPACE
        jr z,ui_human_next
        cp KEY_ENTER
        jr z,ui_human_play
        cp KEY_ESC
        jp z,ui_menu
        cp KEY_H
        jr z,ui_human_hint
        cp KEY_S
        jr z,ui_human_scores
        cp KEY_B
        jr z,ui_human_back
        cp KEY_F
        jr z,ui_human_forward
        cp KEY_UP
        jr c,ui_human_key
        cp KEY_RIGHT+1
        jr nc,ui_human_key
        call cursor_direction
        call cursor_move
        jr ui_human_key
ui_human_next:
        ld a,(cursor_index)
        inc a
        ld hl,legal_count
        cp (hl)
        jr c,ui_human_set
        xor a                   ; after the last move, the first again
ui_human_set:
        ld (cursor_index),a
        call cursor_move
        jr ui_human_key
ui_human_hint:
        call hint_show
        jr ui_human_key
ui_human_scores:
        call scores_toggle
        jr ui_human_key
ui_human_back:
        call ui_take_back       ; returns only when there is nothing to take back
        jr ui_human_key
ui_human_forward:
        call ui_forward         ; returns only when there is nothing to bring back
        jr ui_human_key
ui_human_play:
        call cursor_hide
        ld a,(cursor_square)
        call ui_play
        jp ui_turn

; ui_computer: the AI's move.
ui_computer:
        call panel_show_thinking
        ld a,ST_THINKING
        ld (ui_state),a
        ld a,(side_to_move)
        call clock_run
        call ai_load_position
        ld a,(side_to_move)     ; the time it has (its clock, or the level's budget)
        call think_time
        ld hl,(frame_counter)
        ld (think_start),hl
        call ai_think
        ld hl,(frame_counter)   ; and the time it took off its budget
        ld de,(think_start)
        or a
        sbc hl,de
        ld a,(side_to_move)
        call think_spend
        ld a,(flag_fell)
        or a
        jp nz,ui_time_over      ; the flag fell while it thought: the move comes too late
        ld a,(ai_move)
        call is_legal
        jp c,ui_error
        ld a,(ai_depth)         ; where the move comes from, for the panel
        ld (play_source),a
        ld hl,(ai_score)
        ld (play_exact),hl
        ld a,(ai_move)
        call ui_play
        ld a,(play_mode)
        cp MODE_DEMO
        jp nz,ui_turn
        jp demo_pause

; ui_pass: the side that was to move had to pass (side_to_move is already the other one).
ui_pass:
        call clock_stop
        ld a,ST_PASS
        ld (ui_state),a
        call kbd_flush          ; a pass must be seen: no key typed before counts
        ld a,(side_to_move)
        xor 3
        call panel_show_pass
        call panel_last
        call panel_record
        ld a,(play_mode)
        cp MODE_DEMO
        jp z,demo_pause
ui_pass_key:
        call ui_wait_key
        cp KEY_SPACE
        jp z,ui_turn
        cp KEY_ENTER
        jp z,ui_turn
        cp KEY_ESC
        jp z,ui_menu
        cp KEY_F
        call z,ui_forward
        cp KEY_B
        jr nz,ui_pass_key
        call ui_take_back
        jr ui_pass_key

; ui_game_over: neither side can move. The WOF rule gives the empty squares to the winner;
; a draw is 32-32.
ui_game_over:
        call clock_stop
        ld a,1
        ld (game_over),a
        call count_discs
        ld a,(black_count)
        ld b,a
        ld a,(white_count)
        ld c,a
        add a,b
        neg
        add a,64
        ld e,a                  ; E = empty squares
        ld a,c
        cp b
        jr c,ui_game_over_black ; white < black
        jr z,ui_game_over_draw
        add a,e                 ; white wins
        ld c,a
        ld a,SQ_WHITE
        jr ui_game_over_result
ui_game_over_black:
        ld a,b
        add a,e
        ld b,a
        ld a,SQ_BLACK
        jr ui_game_over_result
ui_game_over_draw:
        ld b,32
        ld c,32
        xor a
ui_game_over_result:
        ld (game_winner),a
        ld a,b
        ld (final_black),a
        ld a,c
        ld (final_white),a
        ld a,ST_GAME_OVER
        ld (ui_state),a
        call kbd_flush
        call panel_show_game_over
        ; then the keys of a finished game

; over_keys: N a new game, ESC the menu, R the replay, B takes back (not after a loss on
; time).
over_keys:
        call ui_wait_key
        cp KEY_N
        jp z,ui_new_game
        cp KEY_ESC
        jp z,ui_menu
        cp KEY_R
        jp z,ui_replay
        cp KEY_B
        jr nz,over_keys
        ld a,(time_out)
        or a
        jr nz,over_keys
        call ui_take_back
        jr over_keys

; ui_time_over: the flag of the side in time_out fell (clock.asm); that side loses. Entered
; from wherever the fall is seen, so the stack starts afresh.
ui_time_over:
        ld sp,STACK_TOP
        xor a
        ld (flag_fell),a
        ld (ui_ready),a
        call clock_stop
        call cursor_hide
        call advice_clear
        ld a,1
        ld (game_over),a
        ld a,(time_out)
        xor 3
        ld (game_winner),a
        call count_discs        ; the discs as they stand: no WOF bonus for a loss on time
        ld a,(black_count)
        ld (final_black),a
        ld a,(white_count)
        ld (final_white),a
        call panel_counts
        ; then the announcement
time_over_show:
        ld a,ST_GAME_OVER
        ld (ui_state),a
        call kbd_flush
        call panel_show_time_over
        jr over_keys

; ui_menu: settings and a new game.
ui_menu:
        call clock_stop
        ld a,ST_MENU
        ld (ui_state),a
        call panel_show_menu
ui_menu_key:
        call ui_wait_key
        cp KEY_N
        jp z,ui_new_game
        cp KEY_C
        jr z,ui_menu_colour
        cp KEY_L
        jr z,ui_menu_level
        cp KEY_P
        jr z,ui_menu_players
        cp KEY_H
        jr z,ui_menu_handicap
        cp KEY_K
        jr z,ui_menu_clock
        cp KEY_E
        jp z,ui_setup
        cp KEY_R
        jp z,ui_replay
        cp KEY_ESC
        jr z,ui_menu_back
        jr ui_menu_key
ui_menu_colour:
        ld a,(human_colour)
        xor 3
        ld (human_colour),a
        call panel_choices
        jr ui_menu_key
ui_menu_level:
        ld a,(game_level)
        inc a
        cp AI_MAX_LEVEL+1
        jr c,ui_menu_set
        ld a,1
ui_menu_set:
        ld (game_level),a
        call budget_reset       ; the new level's thinking budget (clock.asm)
        call panel_choices
        jr ui_menu_key
ui_menu_players:                ; 1 -> 2 -> 0 (demo) -> 1
        ld a,(play_mode)
        inc a
        cp MODE_TWO+1
        jr c,ui_menu_mode
        xor a
ui_menu_mode:
        ld (play_mode),a
        call panel_choices
        call panel_menu_values
        jr ui_menu_key
ui_menu_handicap:
        ld a,(handicap)
        inc a
        cp HANDICAP_MAX+1
        jr c,ui_menu_corners
        xor a
ui_menu_corners:
        ld (handicap),a
        call panel_menu_values
        jr ui_menu_key
ui_menu_clock:
        call clock_next_setting
        call panel_menu_values
        jr ui_menu_key
ui_menu_back:
        call panel_record
        ld a,(game_over)
        or a
        jp z,ui_turn
        ld a,(time_out)
        or a
        jp nz,time_over_show
        jp ui_game_over

; ui_error: the AI's move was not legal; only a new game goes on.
ui_error:
        call clock_stop
        ld a,ST_ERROR
        ld (ui_state),a
        call panel_show_error
ui_error_key:
        call ui_wait_key
        cp KEY_N
        jp z,ui_new_game
        jr ui_error_key

; demo_pause: between two plies of the demo, DEMO_FRAMES frames to watch; ESC (or ESC typed
; while the computer thought, demo_stop) stops the demo in the menu.
demo_pause:
        ld b,DEMO_FRAMES
demo_pause_frame:
        push bc
        ld a,(demo_stop)
        or a
        jr nz,demo_pause_stop
        call kbd_get
        cp KEY_ESC
        jr z,demo_pause_esc
        ld b,1
        call wait_frames
        pop bc
        djnz demo_pause_frame
        jp ui_turn
demo_pause_esc:
        ld hl,ui_keys
        inc (hl)
demo_pause_stop:
        pop bc
        xor a
        ld (demo_stop),a
        jp ui_menu

; ---- Helpers ------------------------------------------------------------------------------

; ui_wait_key: sets ui_ready, sleeps until a key of key_table is pressed, clears ui_ready
; and counts the key in ui_keys. Meanwhile it redraws the clocks each second, and a fallen
; flag ends the game (ui_time_over). Out: A = its KEY_ code. Trashes F, BC, DE, HL.
ui_wait_key:
        ld a,1
        ld (ui_ready),a
ui_wait_key_poll:
        ld a,(flag_fell)
        or a
        jp nz,ui_time_over
        ld a,(clock_dirty)
        or a
        jr z,ui_wait_key_keys
        push ix
        call panel_clocks
        pop ix
ui_wait_key_keys:
        call kbd_get
        or a
        jr nz,ui_wait_key_got
        halt                    ; until the next interrupt
        jr ui_wait_key_poll
ui_wait_key_got:
        ld b,a
        xor a
        ld (ui_ready),a
        ld hl,ui_keys
        inc (hl)
        ld a,b
        ret

; is_human_turn: Z if the keys play the side to move (play_mode, human_colour).
; Trashes AF, B.
is_human_turn:
        ld a,(play_mode)
        cp MODE_TWO
        ret z
        or a
        jr z,is_human_turn_nobody ; the demo
        ld a,(human_colour)
        ld b,a
        ld a,(side_to_move)
        cp b
        ret
is_human_turn_nobody:
        inc a                   ; NZ
        ret

; ui_take_back: B in a waiting state. If there is a move to take back (history.asm,
; take_back_length), the game goes back to before it and on from there (the stack starts
; afresh); otherwise it returns. Trashes everything but IY.
ui_take_back:
        call take_back_length
        ret c
        jr ui_go_to

; ui_forward: F in a waiting state. If the record goes on after the position (moves taken
; back), the game goes forward to the human's next turn in it (history.asm, redo_length)
; and on from there; otherwise it returns, with A = KEY_F. Trashes everything but IY.
ui_forward:
        call redo_length
        jr nc,ui_go_to
        ld a,KEY_F
        ret

; ui_go_to: A = plies: the position after that many plies of the record is shown and the
; game goes on from it, as a new turn (the stack starts afresh). Not a return.
ui_go_to:
        ld sp,STACK_TOP
        push af
        xor a
        ld (ui_ready),a
        ld a,ST_START
        ld (ui_state),a
        call clock_stop
        call cursor_hide
        call advice_clear
        pop af
        call history_replay
        xor a
        ld (game_over),a
        ld (game_winner),a
        ld (final_black),a
        ld (final_white),a
        call panel_clear_messages
        call ui_redraw
        jp ui_turn

; ui_play: A = a legal move of side_to_move. Plays it, records it, draws the new disc and
; then the flipped ones a few frames apart, updates the panel. Trashes everything but IY.
ui_play:
        ld (play_square),a
        call clock_stop
        call advice_clear
        ld a,ST_MOVING
        ld (ui_state),a
        ld a,(play_square)
        call play_move
        jp c,ui_error           ; not legal after all
        ld a,(play_square)
        call record_ply
        ld a,(play_square)
        call set_last_move
        ld a,(play_source)      ; the computer's source, SRC_NONE for anyone else's move
        ld (last_source),a
        ld hl,(play_exact)
        ld (last_exact),hl
        ld a,SRC_NONE
        ld (play_source),a
        ld a,(flip_count)
        or a
        jr z,ui_play_done
        ld b,a
        ld hl,flip_list
ui_play_flip:
        push bc
        push hl
        ld b,FLIP_FRAMES
        call wait_frames
        pop hl
        push hl
        ld a,(hl)
        call refresh_square
        pop hl
        inc hl
        pop bc
        djnz ui_play_flip
ui_play_done:
        call panel_counts
        call panel_last
        jp panel_record

; ui_redraw: the whole screen from the game state. Trashes everything but IY.
ui_redraw:
        ld hl,SCREEN
        ld de,SCREEN+1
        ld bc,&3FFF
        ld (hl),0
        ldir
        call draw_labels
        call draw_board
        jp panel_draw

; game_init: the start position (d4 e5 white, d5 e4 black, black to move) with the
; handicap corners (setup.asm), kept as the game's start (history.asm), and the rest of a
; fresh game (game_fresh). Trashes AF, BC, DE, HL.
game_init:
        ld hl,game_board
        ld b,64
game_init_clear:
        ld (hl),SQ_EMPTY
        inc hl
        djnz game_init_clear
        ld a,SQ_WHITE
        ld (game_board+(3*8)+3),a ; d4
        ld (game_board+(4*8)+4),a ; e5
        ld a,SQ_BLACK
        ld (game_board+(4*8)+3),a ; d5
        ld (game_board+(3*8)+4),a ; e4
        ld (side_to_move),a
        call place_handicap     ; A = ORIGIN_START or ORIGIN_HANDICAP
        ld (game_origin),a
        ; then the rest of a fresh game

; game_fresh: game_board and side_to_move become the game's start; an empty record, no
; last move, no messages, no hint, the clocks set. Trashes AF, BC, DE, HL.
game_fresh:
        call history_start
        xor a
        ld (move_number),a
        ld (game_over),a
        ld (game_winner),a
        ld (final_black),a
        ld (final_white),a
        ld (cursor_on),a
        ld (cursor_index),a
        ld (flag_fell),a
        ld (time_out),a
        ld (scores_shown),a
        ld (scores_done),a
        call panel_clear_messages
        ld a,PLY_NONE
        ld (last_move),a
        ld (cursor_square),a
        ld (hint_square),a
        ld a,SRC_NONE
        ld (last_source),a
        jp clock_reset

; set_last_move: A = a square or PLY_PASS. Moves the last-move dot. Trashes everything
; but IY.
set_last_move:
        ld b,a
        ld a,SRC_NONE           ; ui_play says where a computer's move came from
        ld (last_source),a
        ld a,(last_move)
        ld c,a
        ld a,b
        ld (last_move),a
        ld a,c
        cp 64
        call c,refresh_square   ; the old square loses its dot
        ld a,(last_move)
        cp 64
        ret nc
        jp refresh_square

; is_legal: A = square -> carry clear if it is in legal_list, set if not. Out: B = how many
; entries follow it (legal_count - its index), when found. Trashes F, BC, HL.
is_legal:
        ld c,a
        ld a,(legal_count)
        or a
        jr z,is_legal_no
        ld b,a
        ld hl,legal_list
is_legal_scan:
        ld a,(hl)
        cp c
        ld a,c
        ret z                   ; found (Z after CP leaves carry clear)
        inc hl
        djnz is_legal_scan
is_legal_no:
        ld a,c
        scf
        ret

; cursor_to: A = a legal move: the cursor goes there (and cursor_index with it). Trashes
; everything but IY.
cursor_to:
        call is_legal
        ret c
        ld a,(legal_count)
        sub b
        ld (cursor_index),a
        jp cursor_move

; cursor_show: puts the cursor on legal_list[cursor_index] and shows the turn in the
; panel. Trashes everything but IY.
cursor_show:
        call cursor_place
        jp panel_show_turn

; cursor_move: moves the cursor to legal_list[cursor_index]; only the cursor's line of the
; panel changes. Trashes everything but IY.
cursor_move:
        call cursor_place
        jp panel_show_cursor

; cursor_place: takes the cursor off its old square and draws it on
; legal_list[cursor_index]. Trashes everything but IY.
cursor_place:
        call cursor_hide
        ld a,(cursor_index)
        ld hl,legal_list
        add a,l
        ld l,a
        jr nc,cursor_place_square
        inc h
cursor_place_square:
        ld a,(hl)
        ld (cursor_square),a
        ld a,1
        ld (cursor_on),a
        ld a,(cursor_square)
        jp refresh_square

; cursor_hide: takes the cursor off the board if it is shown. Trashes everything but IY.
cursor_hide:
        ld a,(cursor_on)
        or a
        ret z
        xor a
        ld (cursor_on),a
        ld a,(cursor_square)
        jp refresh_square

; cursor_direction: A = KEY_UP, KEY_DOWN, KEY_LEFT or KEY_RIGHT. Sets cursor_index to the
; nearest legal move that way: among the legal moves at least one row (UP, DOWN) or column
; (LEFT, RIGHT) away in that direction, the one with the smallest
; "steps that way + 2 * steps sideways"; on a tie the earliest in legal_list. When there is
; none, cursor_index stays. Trashes everything but IY.
cursor_direction:
        ld (cd_key),a
        ld a,(cursor_square)
        ld b,a
        and 7
        ld (cd_col),a
        ld a,b
        rrca
        rrca
        rrca
        and 7
        ld (cd_row),a
        ld a,&FF
        ld (cd_best),a
        ld (cd_cost),a
        ld a,(legal_count)
        or a
        ret z
        ld b,a
        ld c,0                  ; C = index in legal_list
        ld hl,legal_list
cursor_direction_move:
        push hl
        ld a,(hl)
        ld d,a
        and 7
        ld e,a
        ld a,(cd_col)
        ld l,a
        ld a,e
        sub l
        ld e,a                  ; E = column - cursor column
        ld a,d
        rrca
        rrca
        rrca
        and 7
        ld d,a
        ld a,(cd_row)
        ld l,a
        ld a,d
        sub l
        ld d,a                  ; D = row - cursor row
        ld a,(cd_key)
        cp KEY_UP
        jr nz,cursor_direction_not_up
        ld a,d
        neg
        ld d,a
        jr cursor_direction_way
cursor_direction_not_up:
        cp KEY_DOWN
        jr z,cursor_direction_way
        cp KEY_LEFT
        jr nz,cursor_direction_sideways
        ld a,e
        neg
        ld e,a
cursor_direction_sideways:      ; LEFT, RIGHT: the way is the column difference
        ld a,d
        ld d,e
        ld e,a
cursor_direction_way:
        ld a,d                  ; D = steps that way, E = steps sideways (signed)
        dec a
        cp 7
        jr nc,cursor_direction_skip ; not 1..7 steps that way
        ld a,e
        bit 7,a
        jr z,cursor_direction_positive
        neg
cursor_direction_positive:
        add a,a
        add a,d
        ld l,a                  ; L = the cost
        ld a,(cd_cost)
        cp l
        jr c,cursor_direction_skip
        jr z,cursor_direction_skip ; not better than the best so far
        ld a,l
        ld (cd_cost),a
        ld a,c
        ld (cd_best),a
cursor_direction_skip:
        pop hl
        inc hl
        inc c
        djnz cursor_direction_move
        ld a,(cd_best)
        cp &FF
        ret z
        ld (cursor_index),a
        ret

; ---- State the test harness reads (docs/architecture.md) ------------------------------------

ui_state:       db ST_START
ui_ready:       db 0                ; 1 while waiting for a key
ui_keys:        db 0                ; keys taken since start (wraps)
human_colour:   db SQ_BLACK         ; the side the keys play against the computer
game_level:     db 1                ; the AI level, 1..AI_MAX_LEVEL
play_mode:      db MODE_COMPUTER    ; MODE_DEMO, MODE_COMPUTER or MODE_TWO: human players
cursor_index:   db 0                ; the cursor's entry in legal_list
cursor_square:  db PLY_NONE         ; the cursor's square
cursor_on:      db 0                ; 1 while the cursor is drawn
last_move:      db PLY_NONE         ; the last ply: a square, PLY_PASS or PLY_NONE
last_source:    db SRC_NONE         ; the ai_depth of the computer's last_move (SRC_NONE: none)
last_exact:     dw 0                ; and its ai_score (the exact endgame's disc difference)
play_source:    db SRC_NONE         ; ui_play: what the next move's last_source will be
play_exact:     dw 0
game_over:      db 0                ; 1 once neither side can move, or a flag has fallen
game_winner:    db 0                ; at game over: SQ_BLACK, SQ_WHITE, or 0 for a draw
final_black:    db 0                ; at game over: the WOF final score (the discs on the
final_white:    db 0                ; board after a loss on time)
demo_stop:      db 0                ; 1: ESC was typed while the demo's computer thought
play_square:    db 0                ; ui_play's move
cd_key:         db 0                ; cursor_direction's work
cd_row:         db 0
cd_col:         db 0
cd_best:        db 0
cd_cost:        db 0
