; advice.asm - how the UI uses the AI: the computer's move with "move now", the hint
; (ODIN's EXPECT) and the per-move scores on the board (ODIN's SCORES).
;
; ---- Move now (ODIN's HALT) -------------------------------------------------------------------
;
; Every call of ai_entry by the UI goes through ai_call, which sets ai_busy for as long as
; ai_entry runs and clears ai_abort when it returns (ai_think clears it before, too).
; Meanwhile the interrupt handler (irq_keys) takes M off the keyboard and sets
; ai_abort = 1; in the demo ESC does the same and also sets demo_stop. A flag falling
; meanwhile sets ai_abort too (clock.asm). The search is expected to poll
; ai_abort and, once it is set, to return at once with the best root move it has finished
; (docs/architecture.md). The searches of levels 1 and 2 take under 0.15 s and do not poll:
; there the key simply takes effect when they are done, and the move is their full answer.
;
; ---- Hint ---------------------------------------------------------------------------------
;
; H: ai_entry for the side to move at game_level. The move (hint_square) gets a yellow
; ring on the board and the cursor; the panel shows "HINT D3 -12" (the AI's score) and the
; principal variation "PV D3 C3": level 1 [move], level 2 [move, reply] where the reply is
; the opponent's earliest best S1 answer (docs/ai.md 4.2), found by ai_entry at level 1 on
; the position after the move. From level 3 on the PV is the move alone.
;
; ---- Per-move scores ----------------------------------------------------------------------
;
; S switches them on and off; while on, every legal move of the side to move shows its
; score in its square whenever a human is to move: the value docs/ai.md ("Per-move
; scores") defines, S1 at level 1 and S2 at level 2. S1 = w(s) + F * f is worked out here
; from the weights (w_squares, the corner rule, the flip factor) and the flips play_move
; makes; S2 subtracts the opponent's best reply, which is ai_entry at level 1 on the
; position after the move (or adds PB when it has none). From level 3 on the scores would
; need the search's value of each child at depth - 1, which ai_entry does not offer; the
; panel says so instead.

; ai_load_position: ai_board, ai_side, ai_level = the game's position and level.
; Trashes AF, BC, DE, HL.
ai_load_position:
        ld hl,game_board
        ld de,ai_board
        ld bc,64
        ldir
        ld a,(side_to_move)
        ld (ai_side),a
        ld a,(game_level)
        ld (ai_level),a
        ret

; ai_think: ai_entry with "move now" armed (ai_abort cleared, ai_busy set while it runs).
; Trashes AF, BC, DE, HL, IX.
ai_think:
        xor a
        ld (ai_abort),a
        ; then ai_call

; ai_call: ai_entry with ai_busy set while it runs (ai_abort as it is). Afterwards
; ai_stopped says whether it was asked to stop, and ai_abort is 0 again, so that a harness
; calling ai_entry on its own never finds it set. Trashes AF, BC, DE, HL, IX.
ai_call:
        ld a,1
        ld (ai_busy),a
        call ai_entry
        xor a
        ld (ai_busy),a
        ld a,(ai_abort)
        ld (ai_stopped),a
        xor a
        ld (ai_abort),a
        ret

; irq_keys: called by the interrupt handler every frame. While ai_entry runs, M (and ESC in
; the demo) are taken off the keyboard here and counted in ui_keys. Trashes AF, HL.
irq_keys:
        ld a,(ai_busy)
        or a
        ret z
        ld hl,key_new+KM_M_LINE
        ld a,(hl)
        and KM_M_BIT
        jr z,irq_keys_esc
        ld a,(hl)
        xor KM_M_BIT
        ld (hl),a
        ld a,1
        ld (ai_abort),a
        ld hl,ui_keys
        inc (hl)
irq_keys_esc:
        ld a,(play_mode)
        cp MODE_DEMO
        ret nz
        ld hl,key_new+KM_ESC_LINE
        ld a,(hl)
        and KM_ESC_BIT
        ret z
        ld a,(hl)
        xor KM_ESC_BIT
        ld (hl),a
        ld a,1
        ld (ai_abort),a
        ld (demo_stop),a
        ld hl,ui_keys
        inc (hl)
        ret

; advice_clear: no hint, no scores on the board (the squares that showed them are redrawn).
; Trashes everything but IY.
advice_clear:
        ld a,(hint_square)
        cp 64
        jr nc,advice_clear_at_scores
        ld b,a
        ld a,PLY_NONE
        ld (hint_square),a
        ld a,b
        call refresh_square
advice_clear_at_scores:
        ld a,(scores_shown)
        or a
        ret z
        xor a
        ld (scores_shown),a
        jp redraw_legal

; redraw_legal: every square of legal_list. Trashes everything but IY.
redraw_legal:
        ld a,(legal_count)
        or a
        ret z
        ld b,a
        ld hl,legal_list
redraw_legal_square:
        push bc
        push hl
        ld a,(hl)
        call refresh_square
        pop hl
        inc hl
        pop bc
        djnz redraw_legal_square
        ret

; ---- Hint ---------------------------------------------------------------------------------

; hint_show: the AI's move for the side to move, on the board and in the panel.
; Trashes everything but IY.
hint_show:
        call ai_load_position
        call ai_think
        ld a,(ai_move)
        cp 64
        ret nc                  ; no move (cannot happen while a human has legal moves)
        ld (hint_square),a
        ld (hint_pv),a
        ld hl,(ai_score)
        ld (hint_score),hl
        ld a,1
        ld (hint_pv_len),a
        ld a,(game_level)
        cp 2
        jr nz,hint_show_show
        ld a,(hint_square)      ; level 2: the reply of docs/ai.md 4.2
        call child_to_ai
        ld a,1
        ld (ai_level),a
        call ai_call
        ld a,(ai_move)
        cp 64
        jr nc,hint_show_show    ; the opponent has no reply
        ld (hint_pv+1),a
        ld a,2
        ld (hint_pv_len),a
hint_show_show:
        ld a,(hint_square)
        call cursor_to          ; drawn with the ring and the cursor
        jp panel_show_hint

; ---- Per-move scores ----------------------------------------------------------------------

; scores_toggle: S. Trashes everything but IY.
scores_toggle:
        ld a,(scores_on)
        xor 1
        ld (scores_on),a
        jr z,scores_toggle_off
        call scores_compute
        jp panel_show_moves
scores_toggle_off:
        call advice_clear_scores
        jp panel_show_moves

; advice_clear_scores: the scores off the board, the hint stays. Trashes everything but IY.
advice_clear_scores:
        ld a,(scores_shown)
        or a
        ret z
        xor a
        ld (scores_shown),a
        jp redraw_legal

; scores_refresh: when the scores are on, works them out for legal_list and draws them
; (the panel's line follows with panel_show_turn). Trashes everything but IY.
scores_refresh:
        ld a,(scores_on)
        or a
        ret z
        jp scores_compute

; scores_compute: score_list[i] = the per-move score of legal_list[i] at game_level, then
; scores_shown = 1 and the squares redrawn. Above level 2: scores_shown stays 0.
; Trashes everything but IY.
scores_compute:
        xor a
        ld (scores_shown),a
        ld a,(game_level)
        cp 3
        ret nc
        xor a
        ld (ai_abort),a
        call count_discs
        ld a,(black_count)
        ld b,a
        ld a,(white_count)
        add a,b                 ; discs before the move
        ld hl,w_flip_boundary
        cp (hl)
        ld a,(w_flip_early)
        jr c,scores_compute_factor
        ld a,(w_flip_late)
scores_compute_factor:
        ld (sc_factor),a
        xor a
        ld (sc_index),a
scores_compute_move:
        ld a,(sc_index)
        ld hl,legal_count
        cp (hl)
        jr nc,scores_compute_done
        ld hl,legal_list
        add a,l
        ld l,a
        jr nc,scores_compute_square
        inc h
scores_compute_square:
        ld a,(hl)
        ld (sc_square),a
        call effective_weight   ; A = w(s)
        ld l,a
        add a,a
        sbc a,a
        ld h,a                  ; HL = w(s), signed
        ld (sc_value),hl
        ld a,(sc_square)
        call child_to_ai        ; the flips, and the position after the move for level 2
        ld a,(sc_factor)
        ld e,a
        add a,a
        sbc a,a
        ld d,a                  ; DE = F, signed
        ld a,(flip_count)
        ld b,a
        ld hl,(sc_value)
scores_compute_flips:
        add hl,de               ; S1 = w(s) + F * f, f = 1..19
        djnz scores_compute_flips
        ld (sc_value),hl
        ld a,(game_level)
        cp 2
        jr nz,scores_compute_store
        ld a,1
        ld (ai_level),a
        call ai_call            ; the opponent's best reply S1
        ld a,(ai_move)
        cp 64
        jr nc,scores_compute_no_reply
        ld de,(ai_score)
        ld hl,(sc_value)
        or a
        sbc hl,de               ; S2 = S1 - reply
        jr scores_compute_s2
scores_compute_no_reply:
        ld a,(w_pass_bonus)
        ld e,a
        add a,a
        sbc a,a
        ld d,a
        ld hl,(sc_value)
        add hl,de               ; S2 = S1 + PB
scores_compute_s2:
        ld (sc_value),hl
scores_compute_store:
        ld a,(sc_index)
        ld l,a
        ld h,0
        add hl,hl
        ld de,score_list
        add hl,de
        ld de,(sc_value)
        ld (hl),e
        inc hl
        ld (hl),d
        ld hl,sc_index
        inc (hl)
        jp scores_compute_move
scores_compute_done:
        ld a,1
        ld (scores_shown),a
        jp redraw_legal

; score_of: A = a square -> carry clear and HL = its score when the scores are shown and
; it is a legal move; carry set otherwise. Keeps A; trashes F, BC, DE, HL.
score_of:
        ld d,a
        ld a,(scores_shown)
        or a
        jr z,score_of_none
        ld a,d
        call is_legal
        jr c,score_of_none
        ld a,(legal_count)
        sub b                   ; its index
        ld l,a
        ld h,0
        add hl,hl
        ld bc,score_list
        add hl,bc
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        ld a,d
        or a                    ; carry clear
        ret
score_of_none:
        ld a,d
        scf
        ret

; child_to_ai: A = a legal move of side_to_move. ai_board and ai_side = the position after
; it; flip_count = the discs it flips. The game's own position is left as it was.
; Trashes AF, BC, DE, HL, IX.
child_to_ai:
        push af
        ld hl,game_board
        ld de,cta_board
        ld bc,64
        ldir
        ld a,(side_to_move)
        ld (cta_side),a
        ld a,(move_number)
        ld (cta_number),a
        pop af
        call play_move
        ld hl,game_board
        ld de,ai_board
        ld bc,64
        ldir
        ld a,(side_to_move)
        ld (ai_side),a
        ld hl,cta_board
        ld de,game_board
        ld bc,64
        ldir
        ld a,(cta_side)
        ld (side_to_move),a
        ld a,(cta_number)
        ld (move_number),a
        ret

; effective_weight: A = square -> A = w(s) of docs/ai.md 3.1 on game_board: A_e or A_d next
; to an occupied corner, W[s] otherwise. Trashes F, BC, DE, HL.
effective_weight:
        ld c,a
        ld hl,corner_neighbours
effective_weight_entry:
        ld a,(hl)
        cp &FF
        jr z,effective_weight_table
        inc hl
        cp c
        jr z,effective_weight_neighbour
        inc hl
        inc hl
        jr effective_weight_entry
effective_weight_neighbour:
        ld e,(hl)               ; the corner
        inc hl
        ld b,(hl)               ; 1 for the diagonal neighbour
        ld d,0
        ld hl,game_board
        add hl,de
        ld a,(hl)
        or a
        jr z,effective_weight_table ; the corner is empty
        ld a,b
        or a
        ld a,(w_corner_edge)
        ret z
        ld a,(w_corner_diagonal)
        ret
effective_weight_table:
        ld b,0
        ld hl,w_squares
        add hl,bc
        ld a,(hl)
        ret

; corner_neighbours: square, its corner, 0 edge neighbour / 1 diagonal neighbour.
corner_neighbours:
        db 1,0,0, 8,0,0, 9,0,1
        db 6,7,0, 15,7,0, 14,7,1
        db 48,56,0, 57,56,0, 49,56,1
        db 55,63,0, 62,63,0, 54,63,1
        db &FF

ai_busy:        db 0                ; 1 while the UI's call of ai_entry runs
ai_abort:       db 0                ; 1: the search should return its best move so far
ai_stopped:     db 0                ; ai_abort as the UI's last call of ai_entry ended
hint_square:    db PLY_NONE         ; the hint's move, PLY_NONE when none is shown
hint_score:     dw 0                ; its score (ai_score)
hint_pv_len:    db 0                ; the principal variation shown: length, moves
hint_pv:        ds 4
scores_on:      db 0                ; 1: S has switched the per-move scores on
scores_shown:   db 0                ; 1: score_list holds the scores of legal_list, drawn
score_list:     ds 2*60             ; per-move scores, 16-bit signed, as legal_list
sc_index:       db 0                ; scores_compute's work
sc_square:      db 0
sc_factor:      db 0
sc_value:       dw 0
cta_board:      ds 64               ; child_to_ai: the game's position, kept
cta_side:       db 0
cta_number:     db 0
