; budget.asm - the time manager of the deep searches: how long ai_entry thinks when the
; caller says how much time the side has left for the rest of the game (ai_time, seconds;
; docs/ai.md 4.4). The UI passes the side's chess clock, or at a level with a budget
; (weights.toml) what is left of it; 0 means no limit, and then every stage runs to the end.
;
; With a limit, the search of a position with e empty squares (at most `endgame` of them
; solved exactly) gets, of the time left t (less TM_RESERVE seconds):
;
;   e > endgame, e > wld
;                 soft = t / ((e - endgame + 1) / 2 + u), this side's moves before the
;                 exact endgame plus the endgame's share u: TM_END_UNITS when e - endgame
;                 is even (this side will solve `endgame` squares, barring passes),
;                 TM_END_UNITS_ODD when odd (it will solve one square fewer, several
;                 times faster); a new stage (two plies deeper) starts only while at most
;                 soft / 3 has gone, since it takes several times longer than all before
;                 it; hard = min(3 * soft, t / 2); before move 18 the stages stop at
;                 depth 7 anyway (search.asm OPENING_DEPTH), so that this time goes to the
;                 moves after it
;   e <= endgame  hard = t - ceil(t / 4) for the whole search, the exact endgame
;                 included (if it does not finish, a later move with fewer empty squares,
;                 which has the quarter kept, tries again): an exact solve of `endgame`
;                 squares often needs more than half of what is left, and the solves
;                 after it take a fraction of it
;   e <= wld      the same for a move with the win/loss/draw check (the level's `wld`,
;                 docs/ai.md 4.6): a check of 15 or 16 squares often needs more than
;                 half of what is left, and the moves after it have their own check,
;                 twenty times cheaper, to keep the result if their exact solve cannot
;                 finish
;
; The interrupt handler counts the hard limit down once a frame (tm_tick) and at 0 sets
; ai_abort = 2: the search stops at once and answers with its last complete stage, like
; "move now" (search.asm sr_abort). So a side never thinks longer than half of what it has
; left before the exact endgame and its check, nor longer than three quarters in them, and a
; game never runs over its budget. The stage a move comes from is in ai_depth, so that a
; harness can check it against the reference engine all the same.
;
;   tm_start   before the stages: the limits, the hard one running (sr_deep).
;   tm_more    carry set while there is time to start another stage.
;   tm_stop    after the search: the count stops; ai_abort = 2 is cleared (it was ours).
;   tm_tick    the interrupt handler's count, once a frame.

TM_RESERVE      equ 5               ; seconds never planned for
TM_END_UNITS    equ 2               ; the exact endgame's share, in middle-game moves, of
TM_END_UNITS_ODD equ 1              ; a side that will solve `endgame` squares / one fewer:
                                    ; from 16 empties the check and the solve take 81-96
                                    ; CPC s a side on average, a share of 4 / 2 left a fifth
                                    ; of the budget unused (docs/trials-53.md, candidate C)
TM_MAX_SECONDS  equ 1310            ; the longest limit, 65500 frames
FRAMES_PER_SECOND equ 50            ; a frame is 312 lines of 64 us: 50.08 a second
AI_ABORT_TIME   equ 2               ; ai_abort: the hard limit was reached

; tm_start: the limits for the search about to run (FRAMES+FR_EMPTY, sr_endgame, sr_exact,
; sr_wld_from set), from tm_time (ai_entry's copy of ai_time); nothing when it is 0 or
; sr_only is set (a per-move score is exact or nothing). Trashes AF, BC, DE, HL.
tm_start:
        xor a
        ld (ai_timing),a
        ld hl,(tm_time)
        ld a,h
        or l
        ret z
        ld a,(sr_only)
        or a
        ret nz
        ld de,-TM_RESERVE
        add hl,de
        jr c,tm_start_left      ; more than the reserve
        ld hl,1
tm_start_left:
        ld a,h
        or l
        jr nz,tm_start_left_set
        inc hl
tm_start_left_set:
        ld (tm_left),hl
        ld a,(sr_exact)
        or a
        jr nz,tm_start_exact
        ld a,(FRAMES+FR_EMPTY)  ; a move with the win/loss/draw check (e <= the level's
        ld hl,sr_wld_from       ; `wld`) plans like the exact endgame
        cp (hl)
        jr c,tm_start_exact
        jr z,tm_start_exact
        ld a,(FRAMES+FR_EMPTY)  ; the moves planned for: (e - endgame + 1) / 2 + the
        ld hl,sr_endgame        ; exact endgame's share
        sub (hl)
        ld b,TM_END_UNITS       ; e - endgame even: this side will solve `endgame` squares
        bit 0,a
        jr z,tm_start_units
        ld b,TM_END_UNITS_ODD   ; odd: one square fewer, several times faster
tm_start_units:
        inc a
        srl a
        add a,b
        ld hl,(tm_left)
        call tm_div
        ld (tm_soft),hl
        ld d,h
        ld e,l
        add hl,hl
        add hl,de               ; 3 * soft
        ex de,hl
        ld hl,(tm_left)
        srl h
        rr l                    ; t / 2
        or a
        sbc hl,de
        add hl,de
        jr c,tm_start_hard      ; t / 2 is the smaller
        ex de,hl
        jr tm_start_hard
tm_start_exact:                 ; hard = t - ceil(t / 4)
        ld hl,(tm_left)
        ld d,h
        ld e,l
        inc de
        inc de
        inc de
        srl d
        rr e
        srl d
        rr e                    ; DE = ceil(t / 4)
        or a
        sbc hl,de
        ld (tm_soft),hl
tm_start_hard:
        ld a,h                  ; at least a second
        or l
        jr nz,tm_start_frames
        inc hl
tm_start_frames:
        call tm_frames
        ld (ai_timer),hl
        ld hl,(tm_soft)
        call tm_frames
        ld (tm_soft),hl
        ld hl,(frame_counter)
        ld (tm_start_frame),hl
        ld a,1
        ld (ai_timing),a        ; last: the interrupt handler counts from now on
        ret

; tm_more: carry set iff there is time to start another stage: no limit, or at most a
; third of the soft limit has gone (two plies more cost several times all the stages
; before). Trashes AF, DE, HL.
tm_more:
        ld a,(ai_timing)
        or a
        scf
        ret z
        ld hl,(frame_counter)
        ld de,(tm_start_frame)
        or a
        sbc hl,de               ; HL = frames gone
        ld d,h
        ld e,l
        add hl,hl
        jr c,tm_more_no
        add hl,de
        jr c,tm_more_no
        ex de,hl                ; DE = 3 * frames gone
        ld hl,(tm_soft)
        or a
        sbc hl,de               ; no borrow iff 3 * gone <= soft
        ccf
        ret
tm_more_no:
        or a
        ret

; tm_stop: the hard limit stops counting; an ai_abort set by it is cleared (it stopped our
; own search; "move now" and a falling flag set 1 and stay for the UI). Trashes AF.
tm_stop:
        xor a
        ld (ai_timing),a
        ld a,(ai_abort)
        cp AI_ABORT_TIME
        ret nz
        xor a
        ld (ai_abort),a
        ret

; tm_tick: one frame of the hard limit. Called by the interrupt handler. Trashes AF, HL.
tm_tick:
        ld a,(ai_timing)
        or a
        ret z
        ld hl,(ai_timer)
        dec hl
        ld (ai_timer),hl
        ld a,h
        or l
        ret nz
        ld (ai_timing),a        ; time is up
        ld a,(ai_abort)
        or a
        ret nz                  ; already stopping
        ld a,AI_ABORT_TIME
        ld (ai_abort),a
        ret

; tm_div: HL = HL / A (A = 1..127), A = the remainder. Trashes F, BC.
tm_div:
        ld c,a
        xor a
        ld b,16
tm_div_bit:
        add hl,hl
        rla
        cp c
        jr c,tm_div_next
        sub c
        inc l
tm_div_next:
        djnz tm_div_bit
        ret

; tm_frames: HL = seconds -> frames (50 a second), at most TM_MAX_SECONDS seconds.
; Trashes AF, BC, DE.
tm_frames:
        ld de,TM_MAX_SECONDS
        or a
        sbc hl,de
        add hl,de
        jr c,tm_frames_mul
        ex de,hl
tm_frames_mul:
        add hl,hl               ; 2 s
        ld b,h
        ld c,l
        add hl,hl
        add hl,hl
        add hl,hl               ; 16 s
        ld d,h
        ld e,l
        add hl,hl               ; 32 s
        add hl,de
        add hl,bc               ; 50 s
        ret

ai_timing:      db 0                ; 1 while the hard limit counts down
tm_time:        dw 0                ; ai_time of the running call of ai_entry

TM_LOW          equ AB_LOW_END      ; scratch, outside the program (search.asm's memory map);
                                    ; tm_more and tm_tick read them only while tm_start's
                                    ; ai_timing is set
tm_left         equ TM_LOW          ; word: tm_start: seconds planned for
tm_soft         equ TM_LOW+2        ; word: the soft limit (seconds, then frames)
tm_start_frame  equ TM_LOW+4        ; word: frame_counter as the search started
ai_timer        equ TM_LOW+6        ; word: frames left before the hard limit
TM_LOW_END      equ TM_LOW+8
