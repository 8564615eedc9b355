; mtd.asm - the exact endgame's root stage as MTD(f) probes (docs/ai.md appendix A).

MTD_MIN_EMPTIES equ 11          ; fewer empty squares: one full-window search

; sr_mtd: the exact endgame's root stage: the root loop (search.asm sr_root_stage) with the
; window (m - 1, m + 3), m even, until a probe's value falls inside it. Every value is even (a
; finished game shares out the 64 squares), so the window holds two values, m and m + 2, for a
; little more than the price of a null window, and the probe whose value lies inside has the
; root loop's answer: its move, value and PV. A value v above the window (a bound it proved,
; fail-soft) makes the next window (v - 1, v + 3), one below it (v - 3, v + 1). Each probe
; starts with the last one's best move. The first m is the value of the last exact stage if
; it ran one or two plies ago (the other side's negated): in a game, most often the value
; again; else 0. Below MTD_MIN_EMPTIES empty squares the stage is one search with the full
; window instead. Out: sr_mtd_probes. Trashes everything but IY.
sr_mtd:
        xor a
        ld (sr_mtd_probes),a
        ld a,(FRAMES+FR_EMPTY)
        cp MTD_MIN_EMPTIES
        jr nc,sr_mtd_first
        call sr_root_stage      ; the window sr_deep set: (-INF, +INF)
        jr sr_mtd_done
sr_mtd_first:
        ld hl,sr_mtd_empties    ; A = empty squares now
        sub (hl)
        ld hl,(sr_mtd_value)
        inc a
        jr z,sr_mtd_other       ; one ply ago: the other side's value
        inc a
        jr z,sr_mtd_guess       ; two: this side's
        ld hl,B_ZERO
        jr sr_mtd_guess
sr_mtd_other:
        NEG_HL
sr_mtd_guess:
        dec hl
sr_mtd_probe:
        ld (sr_root_a0),hl      ; HL = m - 1
        NEG_HL
        dec hl
        dec hl
        dec hl
        dec hl
        ld (sr_root_nb0),hl     ; -(m + 3)
        ld hl,sr_mtd_probes
        inc (hl)
        call sr_root_stage
        ld a,(sr_best_sq)       ; the next probe starts with its best move
        call sr_root_first
        ld hl,(sr_best)         ; v: this probe's value, a bound it proved
        ld de,(sr_root_a0)
        or a
        sbc hl,de               ; v - (m - 1), odd
        jr c,sr_mtd_below
        ld a,h
        or a
        jr nz,sr_mtd_above
        ld a,l
        cp 5
        jr c,sr_mtd_done        ; v = m or m + 2: inside the window, the value
sr_mtd_above:
        ld hl,(sr_best)         ; at least v: the next window (v - 1, v + 3)
        dec hl
        jr sr_mtd_probe
sr_mtd_below:
        ld hl,(sr_best)         ; at most v: the next window (v - 3, v + 1)
        dec hl
        dec hl
        dec hl
        jr sr_mtd_probe
sr_mtd_done:
        ld hl,(sr_best)         ; m: the value, and the root loop's answer; the first m of
        ld (sr_mtd_value),hl    ; the next exact stage
        ld a,(FRAMES+FR_EMPTY)
        ld (sr_mtd_empties),a
        ret

sr_mtd_value:   dw B_ZERO       ; the last exact stage's value (biased)
sr_mtd_empties: db 0            ; and its empty squares (0 = none yet)
