; clock.asm - chess clocks, as on the NES Othello: 20, 30 or 40 minutes a side, or none;
; the side whose time runs out loses.
;
; The clocks run in the interrupt handler (clock_tick, once a frame), so the computer's
; time runs while it thinks. They count CPC time exactly: a frame is 312 scan lines of
; 64 microseconds and a second 15625 lines, so each side keeps the lines gone of its
; running second and loses a second when they reach 15625 (a second is 50.08 frames).
; clock_side says whose clock runs: the side to move while a human chooses a move
; (ui_human) or the computer thinks (ui_computer); nobody's while a move is being drawn,
; a pass is announced, the menu is up or the game is over.
;
; When a side's time reaches 0:00 its flag falls: time_out = that side (the result),
; flag_fell = 1 (for the state machine: the game ends at the next ui_turn, after the
; computer's search, or while the program waits for a key) and, while the AI runs,
; ai_abort = 1, so that a search that polls it stops at once.
;
; The panel shows the time left, mm:ss after the disc counts. While the AI runs the main
; program draws nothing, so the interrupt handler draws the ticking clock itself
; (clock_draw touches only the screen, and puts text_mask back); otherwise ui_wait_key
; redraws the clocks when clock_dirty is set.

LINES_PER_FRAME equ 312             ; scan lines of a frame (reference 4.4)
LINES_PER_SECOND equ 15625          ; scan lines of a second (64 microseconds each)
CLOCK_SETTINGS  equ 4               ; none, 20, 30, 40 minutes

; clock_reset: the clocks of a new game: clock_minutes each, or none; the thinking budgets
; too. Trashes AF, BC, DE, HL.
clock_reset:
        xor a
        ld (clock_side),a
        ld (clock_dirty),a
        ld hl,0
        ld (clock_black_lines),hl
        ld (clock_white_lines),hl
        ld a,(clock_minutes)
        ld (clock_enabled),a
        call minutes_seconds
        ld (clock_black),hl
        ld (clock_white),hl
        jp budget_reset

; clock_next_setting: clock_minutes steps none -> 20 -> 30 -> 40 -> none (from the next new
; game on). Trashes AF, B, HL.
clock_next_setting:
        ld a,(clock_minutes)
        ld hl,clock_choices
        ld b,CLOCK_SETTINGS-1
clock_next_setting_find:
        cp (hl)
        inc hl
        jr z,clock_next_setting_take ; HL -> the next choice
        djnz clock_next_setting_find
        ld hl,clock_choices     ; after the last: none
clock_next_setting_take:
        ld a,(hl)
        ld (clock_minutes),a
        ret

clock_choices:  db 0,20,30,40

; clock_run: A = the side whose clock runs from now on (nothing happens when this game has
; no clocks, or a flag has fallen). Trashes AF.
clock_run:
        push af
        ld a,(clock_enabled)
        or a
        jr z,clock_run_none
        ld a,(time_out)
        or a
        jr nz,clock_run_none
        pop af
        ld (clock_side),a
        ret
clock_run_none:
        pop af
        ret

; clock_stop: no clock runs. Trashes AF.
clock_stop:
        xor a
        ld (clock_side),a
        ret

; clock_tick: one frame of the running clock. Called by the interrupt handler (interrupts
; off). Trashes AF, BC, DE, HL, IX.
clock_tick:
        ld a,(clock_side)
        or a
        ret z
        ld (ct_side),a
        call clock_ptr
        push hl                 ; -> the seconds left
        inc hl
        inc hl
        ld e,(hl)
        inc hl
        ld d,(hl)
        ex de,hl                ; HL = lines gone of this second, DE -> their high byte
        ld bc,LINES_PER_FRAME
        add hl,bc
        ld bc,LINES_PER_SECOND
        or a
        sbc hl,bc
        jr nc,clock_tick_second
        add hl,bc
        call clock_tick_store
        pop hl
        ret
clock_tick_second:
        call clock_tick_store
        pop hl
        ld e,(hl)
        inc hl
        ld d,(hl)
        dec de
        ld (hl),d
        dec hl
        ld (hl),e
        ld a,1
        ld (clock_dirty),a
        ld a,d
        or e
        jr nz,clock_tick_shown
        ld a,(ct_side)          ; 0:00 - the flag falls
        ld (time_out),a
        ld a,1
        ld (flag_fell),a
        xor a
        ld (clock_side),a
        ld a,(ai_busy)
        ld (ai_abort),a         ; a running search stops
clock_tick_shown:
        ld a,(ai_busy)
        or a
        ret z                   ; the main program redraws it
        ld a,(ct_side)
        jp clock_draw
clock_tick_store:
        ex de,hl                ; HL -> the high byte, DE = the value
        ld (hl),d
        dec hl
        ld (hl),e
        ret

; clock_ptr: A = SQ_BLACK or SQ_WHITE -> HL = that side's clock (seconds, then lines).
; Keeps A.
clock_ptr:
        ld hl,clock_black
        cp SQ_WHITE
        ret nz
        ld hl,clock_white
        ret

; put_clock: A = a side -> its time left as "mm:ss" at DE. Uses no variable but the clock,
; so the interrupt handler may call it. Trashes AF, BC, HL.
put_clock:
        call clock_ptr
        ; then put_time

; put_time: HL -> a count of seconds (a word) -> "mm:ss" at DE. Trashes AF, BC, HL.
put_time:
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a                  ; HL = seconds
        ld bc,60
        ld a,-1
put_clock_min:
        inc a
        or a
        sbc hl,bc
        jr nc,put_clock_min
        add hl,bc               ; L = seconds of the minute
        call put_two
        ld a,':'
        ld (de),a
        inc de
        ld a,l
        ; then the seconds

; put_two: A = 0..99 -> two decimal digits at DE. Trashes AF, BC (no alternate register:
; the interrupt handler calls it).
put_two:
        ld b,'0'-1
put_two_tens:
        inc b
        sub 10
        jr nc,put_two_tens
        add a,10+'0'
        ld c,a
        ld a,b
        ld (de),a
        inc de
        ld a,c
        ld (de),a
        inc de
        ret

; clock_draw: A = a side -> its time, mm:ss, at the right end of its disc-count line.
; Safe in the interrupt handler while the main program is not drawing: it keeps
; text_mask. Trashes AF, BC, DE, HL, IX.
clock_draw:
        push af
        ld de,clock_text
        call put_clock
        call end_text
        ld a,(text_mask)
        ld c,a
        pop af
        push bc
        ld e,PY_BLACK
        cp SQ_WHITE
        jr nz,clock_draw_line
        ld e,PY_WHITE
clock_draw_line:
        ld a,PEN_HI
        call set_pen
        ld d,PANEL_X+PANEL_W-(2*CLOCK_CHARS)
        ld hl,clock_text
        call draw_text
        pop bc
        ld a,c
        ld (text_mask),a
        ret

CLOCK_CHARS     equ 5               ; "mm:ss"

; panel_clocks: the main program's redraw of both clocks after a tick. Trashes everything
; but IY.
panel_clocks:
        xor a
        ld (clock_dirty),a
        ld a,SQ_BLACK
        call clock_draw
        ld a,SQ_WHITE
        jp clock_draw

; ---- The thinking budget ------------------------------------------------------------------
;
; At a level with a budget (weights.toml, docs/ai.md 4.4) the computer may think that many
; CPC minutes a side in one game. Without chess clocks, think_black / think_white hold what
; each side has left of it: the computer's thinking for that side is taken off it after each
; of its moves (think_spend). A new game, a set-up position and a change of level set both
; to the level's budget again. With chess clocks the computer plans with its clock instead.

; budget_reset: both sides' thinking time = game_level's budget. Trashes AF, BC, DE, HL.
budget_reset:
        call level_budget
        ld (think_black),hl
        ld (think_white),hl
        xor a
        ld (think_black_frames),a
        ld (think_white_frames),a
        ret

; level_budget: HL = game_level's budget in seconds (0: none, or levels 1 and 2).
; Trashes AF, DE.
level_budget:
        ld hl,0
        ld a,(game_level)
        sub 3
        ret c
        add a,a
        add a,a
        add a,2                 ; the level's row of w_levels: depth, endgame, budget, margin
        ld e,a
        ld d,0
        ld hl,w_levels
        add hl,de
        ld a,(hl)
        ; then minutes_seconds

; minutes_seconds: HL = A minutes in seconds (minutes * 64 - minutes * 4). Trashes F, DE.
minutes_seconds:
        ld l,a
        ld h,0
        add hl,hl
        add hl,hl
        ld d,h
        ld e,l
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,hl
        or a
        sbc hl,de
        ret

; think_time: ai_time = the seconds side A (SQ_BLACK or SQ_WHITE) has to think with: its
; chess clock when the game has clocks, else what it has left of the level's budget, and
; 0 (no limit) at a level without one. Trashes AF, BC, DE, HL.
think_time:
        ld b,a
        ld a,(clock_enabled)
        or a
        ld a,b
        jr z,think_time_budget
        call clock_ptr
        jr think_time_read
think_time_budget:
        push af
        call level_budget
        pop bc
        ld a,h
        or l
        jr z,think_time_set     ; no budget: no limit
        ld a,b
        call think_ptr
think_time_read:
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        ld a,h                  ; nothing left is not "no limit": one second
        or l
        jr nz,think_time_set
        inc hl
think_time_set:
        ld (ai_time),hl
        ret

; think_spend: side A's computer thought for HL frames: taken off its budget (without
; clocks; with them the clock has counted the time already). Trashes AF, BC, DE, HL.
think_spend:
        ld b,a
        ld a,(clock_enabled)
        or a
        ret nz
        ld a,b
        ex de,hl                ; DE = the frames
        call think_ptr
        push hl                 ; -> its seconds
        inc hl
        inc hl
        ld a,(hl)               ; the frames gone of its current second, plus these
        ex de,hl                ; HL = the frames, DE -> that byte
        add a,l
        ld l,a
        jr nc,think_spend_sum
        inc h
        jr nz,think_spend_sum
        dec hl                  ; (65535 at most)
think_spend_sum:
        push de
        ld a,FRAMES_PER_SECOND
        call tm_div             ; HL = the whole seconds in them, A = the frames left over
        pop de
        ld (de),a               ; the frames of the new current second, 0..49
        ld b,h
        ld c,l                  ; BC = the whole seconds
        pop hl
        ld e,(hl)
        inc hl
        ld d,(hl)
        ex de,hl                ; HL = the seconds left, DE -> their high byte
        or a
        sbc hl,bc
        jr nc,think_spend_store
        ld hl,0                 ; nothing left
think_spend_store:
        ex de,hl
        ld (hl),d
        dec hl
        ld (hl),e
        ret

; shown_time: B = a side -> carry set and HL -> the seconds the panel shows after its disc
; count: its chess clock when the game has clocks; else, at a level with a budget, its
; thinking time left if the computer plays it. Carry clear when there is none to show.
; Keeps BC, DE; trashes AF.
shown_time:
        ld a,(clock_enabled)
        or a
        ld a,b
        jr z,shown_time_budget
        call clock_ptr
        scf
        ret
shown_time_budget:
        push de
        call level_budget
        pop de
        ld a,h
        or l
        ret z                   ; no budget (carry clear)
        ld a,(play_mode)
        cp MODE_DEMO
        jr z,shown_time_think
        cp MODE_COMPUTER
        jr nz,shown_time_none
        ld a,(human_colour)
        cp b
        jr z,shown_time_none    ; the human's side
shown_time_think:
        ld a,b
        call think_ptr
        scf
        ret
shown_time_none:
        or a
        ret

; think_ptr: A = a side -> HL = its thinking time left (seconds, then the frames gone of
; the current second). Keeps A.
think_ptr:
        ld hl,think_black
        cp SQ_WHITE
        ret nz
        ld hl,think_white
        ret

clock_minutes:  db 0                ; the setting: 0 (none), 20, 30 or 40, for new games
clock_enabled:  db 0                ; this game's minutes a side, 0 = no clocks
clock_side:     db 0                ; whose clock runs: SQ_BLACK, SQ_WHITE or 0
clock_black:    dw 0                ; black's seconds left
clock_black_lines: dw 0             ; scan lines gone of black's running second
clock_white:    dw 0                ; the same for white
clock_white_lines: dw 0
clock_dirty:    db 0                ; 1: a clock changed since the panel showed it
time_out:       db 0                ; the side whose flag fell, 0 while none has
flag_fell:      db 0                ; 1 until the state machine has ended the game
ct_side:        db 0                ; clock_tick: the side it counts
clock_text:     ds 6                ; clock_draw's text
think_black:    dw 0                ; black's thinking time left of the level's budget (s)
think_black_frames: db 0            ; and the frames gone of its current second
think_white:    dw 0                ; the same for white
think_white_frames: db 0
think_start:    dw 0                ; frame_counter as the computer started thinking
