; advice.asm - how the UI uses the AI: the computer's move with "move now", the hint
; (ODIN's EXPECT) and the per-move scores on the board (ODIN's SCORES).
;
; ---- Move now (ODIN's HALT) -------------------------------------------------------------------
;
; Every call of ai_entry by the UI goes through ai_call, which sets ai_busy for as long as
; ai_entry runs and clears ai_abort when it returns (ai_think clears it before, too).
; Meanwhile the interrupt handler (irq_keys) takes M off the keyboard and sets
; ai_abort = 1; in the demo ESC does the same and also sets demo_stop. A flag falling
; meanwhile sets ai_abort too (clock.asm). The searches of levels 3 and up poll ai_abort at
; every node and leaf (search.asm, sr_abort) and, once it is set, return at once with the
; best root move they have finished (docs/architecture.md). The searches of levels 1 and 2
; take under 0.15 s and do not poll:
; there the key simply takes effect when they are done, and the move is their full answer.
;
; ---- Hint ---------------------------------------------------------------------------------
;
; H: ai_entry for the side to move at game_level. The move (hint_square) gets a yellow
; ring on the board and the cursor; the panel shows "HINT D3 -12" (the AI's score) and the
; principal variation ai_entry found (docs/ai.md 6.1), as much of it as fits: "PV D3 C3 F5 F6"
; (level 1 the move, level 2 the move and the reply it expects, levels 3 and up the line
; of the search, the move alone from the opening book). M stops a long search ("move now").
;
; ---- Per-move scores ----------------------------------------------------------------------
;
; S switches them on and off; while on, every legal move of the side to move shows its
; score in its square whenever a human is to move: the value docs/ai.md section 10 defines
; at game_level (S1, S2, or the search's value of the position after the move), which is
; ai_entry with ai_only = the move. Each score is drawn as soon as it is known and the panel
; counts them ("SCORING 2/7"); at the deep levels that takes long, so M or ESC stops it, and
; the moves not scored yet stay blank ("2/7 SCORES").

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
        xor a                   ; no stage done yet (ai_entry clears it too, but only once busy)
        ld (ai_done_depth),a
        inc a
        ld (ai_busy),a
        call ai_entry
        ; then ai_idle

; ai_idle: the UI's use of the AI is over (ai_call, scores_compute): ai_busy 0, ai_stopped
; = whether it was asked to stop, ai_abort 0 again. Trashes AF.
ai_idle:
        xor a
        ld (ai_busy),a
        ld a,(ai_abort)
        ld (ai_stopped),a
        xor a
        ld (ai_abort),a
        ret

; irq_keys: called by the interrupt handler every frame. While ai_entry runs, M (and ESC in
; the demo or while the per-move scores are worked out) are taken off the keyboard here and
; counted in ui_keys. Trashes AF, HL.
irq_keys:
        ld a,(ai_busy)
        or a
        ret z
        ld hl,key_new+(2*KM_M_LINE)
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
        jr z,irq_keys_esc_take
        ld a,(scores_busy)
        or a
        ret z
irq_keys_esc_take:
        ld hl,key_new+(2*KM_ESC_LINE)
        ld a,(hl)
        and KM_ESC_BIT
        ret z
        ld a,(hl)
        xor KM_ESC_BIT
        ld (hl),a
        ld a,1
        ld (ai_abort),a
        ld hl,ui_keys
        inc (hl)
        ld a,(play_mode)
        cp MODE_DEMO
        ret nz
        ld a,1
        ld (demo_stop),a        ; the demo stops after this move
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
        xor a
        ld (scores_done),a
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

; hint_show: the AI's move for the side to move, on the board and in the panel, with its
; principal variation. Trashes everything but IY.
hint_show:
        call ai_load_position
        ld a,(side_to_move)     ; as much time as the computer would have for this side
        call think_time
        call ai_think
        ld a,(ai_move)
        cp 64
        ret nc                  ; no move (cannot happen while a human has legal moves)
        ld (hint_square),a
        ld hl,(ai_score)
        ld (hint_score),hl
        ld hl,ai_pv_len         ; the PV: ai_pv_len and ai_pv, as they lie in ai.asm
        ld de,hint_pv_len
        ld bc,1+AI_PV_MAX
        ldir
        ld a,(ui_state)
        cp ST_REPLAY
        ld a,(hint_square)
        jr z,hint_show_ring
        call cursor_to          ; drawn with the ring and the cursor
        jp panel_show_hint
hint_show_ring:                 ; the replay has no cursor: the ring alone
        call refresh_square
        jp panel_show_hint

; ---- Per-move scores ----------------------------------------------------------------------

; scores_toggle: S. Trashes everything but IY.
scores_toggle:
        ld a,(scores_on)
        xor 1
        ld (scores_on),a
        jp nz,scores_compute    ; it draws the panel's line itself
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

; scores_refresh: when the scores are on, works them out for legal_list and draws them.
; Trashes everything but IY.
scores_refresh:
        ld a,(scores_on)
        or a
        ret z
        jp scores_compute

; scores_compute: score_list[i] = the per-move score of legal_list[i] at game_level (ai_entry
; with ai_only), each drawn in its square as soon as it is known, scores_done counting them
; and the panel showing the count. M or ESC (ai_abort, irq_keys) stops it: the scores done
; stay, the other squares stay blank. Trashes everything but IY.
scores_compute:
        xor a
        ld (scores_done),a
        ld (ai_abort),a
        ld a,1
        ld (scores_shown),a     ; the first scores_done squares show their score
        ld (scores_busy),a
        ld (ai_busy),a
        call ai_load_position
        call panel_show_moves   ; "SCORING 0/7"
        ld hl,txt_help_scoring
        call help_line
scores_compute_move:
        ld a,(ai_abort)
        or a
        jr nz,scores_compute_end
        ld a,(scores_done)
        ld hl,legal_count
        cp (hl)
        jr nc,scores_compute_end
        ld e,a
        ld d,0
        ld hl,legal_list
        add hl,de
        ld a,(hl)
        ld (sc_square),a
        ld (ai_only),a          ; ai_board, ai_side and ai_level stay as they were
        call ai_entry
        ld a,(ai_abort)
        or a
        jr z,scores_compute_store
        ld a,(game_level)
        cp 3
        jr nc,scores_compute_end ; a search cut short: no score
scores_compute_store:           ; (levels 1 and 2 do not stop: their score is whole)
        ld a,(scores_done)
        ld l,a
        ld h,0
        add hl,hl
        ld de,score_list
        add hl,de
        ld de,(ai_score)
        ld (hl),e
        inc hl
        ld (hl),d
        ld hl,scores_done
        inc (hl)
        ld a,(sc_square)
        call refresh_square
        call panel_show_moves
        jr scores_compute_move
scores_compute_end:
        xor a
        ld (scores_busy),a
        call ai_idle
        call panel_show_moves   ; "7 SCORES", or "2/7 SCORES" when stopped
        ld hl,txt_help_move
        jp help_line

; score_of: A = a square -> carry clear and HL = its score when the scores are shown and
; it is a legal move already scored; carry set otherwise. Keeps A; trashes F, BC, DE, HL.
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
        ld hl,scores_done
        cp (hl)
        jr nc,score_of_none     ; not scored yet
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

ai_busy:        db 0                ; 1 while the UI's call of ai_entry runs
ai_abort:       db 0                ; 1: the search should return its best move so far
ai_stopped:     db 0                ; ai_abort as the UI's last call of ai_entry ended
hint_square:    db PLY_NONE         ; the hint's move, PLY_NONE when none is shown
hint_score:     dw 0                ; its score (ai_score)
hint_pv_len:    db 0                ; its principal variation: length (ai_pv_len), then
hint_pv:        ds AI_PV_MAX        ; the squares (ai_pv); the panel shows the first ones
scores_on:      db 0                ; 1: S has switched the per-move scores on
scores_shown:   db 0                ; 1: the first scores_done of score_list are on the board
scores_done:    db 0                ; the moves of legal_list scored so far
scores_busy:    db 0                ; 1 while scores_compute runs (ESC stops it)
score_list:     ds 2*60             ; per-move scores, 16-bit signed, as legal_list
sc_square:      db 0                ; scores_compute: the move being scored
