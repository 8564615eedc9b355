; search.asm - the move choice of docs/ai.md sections 4 and 5, levels 1 and 2.
;
; Every search starts from the position ai_entry put on mb_board, with sr_me (the side to
; move), sr_opp and sr_discs (discs on the board) set, sr_best_sq = 0 (no move yet) and the
; node counter cleared. It leaves the chosen move in sr_best_sq (a cell, 0 = no legal move)
; and its score in sr_best.
;
; Root moves are scanned in canonical order and only a strictly greater score replaces the
; best (sr_offer), so ties go to the earliest square, as section 5 requires.
;
; Room for the searches of levels 3 and up: each ply has its own move list (mb_gen_moves
; into a per-ply buffer) and pushes its move on one undo stack (mb_play / mb_undo), so
; a recursive alpha-beta can reuse these routines; sr_greater is a real signed comparison
; valid over the whole i16 range.
;
;   sr_nixon_easy   level 1: the best S1.
;   sr_nixon_hard   level 2: the best S1 minus the opponent's best reply S1 (or plus PB).

; ---- Level 1 ----------------------------------------------------------------------------------

sr_nixon_easy:
        ld a,(sr_opp)
        ld e,a
        ld ix,sr_root_moves
        call mb_gen_moves
        ld a,(sr_discs)
        call ev_set_factor
        ld ix,sr_root_moves
.move:  ld c,(ix+0)
        ld a,c
        or a
        ret z                   ; end of the list
        ld b,(ix+1)
        call sr_count_node
        call ev_move_score      ; HL = S1
        call sr_offer
        inc ix
        inc ix
        jr .move

; ---- Level 2 ----------------------------------------------------------------------------------

sr_nixon_hard:
        ld a,(sr_opp)
        ld e,a
        ld ix,sr_root_moves
        call mb_gen_moves
        ld ix,sr_root_moves
.move:  ld c,(ix+0)
        ld a,c
        or a
        ret z
        ld b,(ix+1)
        ld (sr_root_ptr),ix
        call sr_count_node
        ld a,(sr_discs)
        call ev_set_factor
        call ev_move_score
        ld (sr_mine),hl         ; S1 of the move, from the position before it
        ld a,(sr_me)
        ld b,a
        ld ix,sr_undo
        call mb_play
        ld (sr_undo_top),ix
        ld a,(sr_discs)
        inc a                   ; the replies are made with one more disc on the board
        call ev_set_factor
        ld a,(sr_me)
        ld e,a                  ; the opponent moves now: its opponent is me
        ld ix,sr_reply_moves
        call mb_gen_moves
        call sr_best_reply
        jr z,.no_reply
        ex de,hl
        ld hl,(sr_mine)
        or a
        sbc hl,de               ; S2 = S1 - best reply (|S2| <= 5120: no overflow)
        jr .undo
.no_reply:
        ld a,(w_pass_bonus)
        ld e,a
        add a,a
        sbc a,a
        ld d,a
        ld hl,(sr_mine)
        add hl,de               ; S2 = S1 + PB
.undo:  ld (sr_score),hl
        ld ix,(sr_undo_top)
        ld a,(sr_opp)
        ld e,a
        call mb_undo
        ld ix,(sr_root_ptr)
        ld c,(ix+0)
        ld hl,(sr_score)
        call sr_offer
        inc ix
        inc ix
        jr .move

; sr_best_reply: the highest S1 in sr_reply_moves (ev_factor already set).
; Out: Z when the list is empty; otherwise NZ and HL = the highest S1.
; Trashes AF, BC, DE, IX.
sr_best_reply:
        ld ix,sr_reply_moves
        ld a,(ix+0)
        or a
        ret z
        ld c,a
        ld b,(ix+1)
        call sr_count_node
        call ev_move_score
        ld (sr_reply),hl
.next:  inc ix
        inc ix
        ld a,(ix+0)
        or a
        jr z,.done
        ld c,a
        ld b,(ix+1)
        call sr_count_node
        call ev_move_score
        ld de,(sr_reply)
        call sr_greater
        jr nc,.next
        ld (sr_reply),hl
        jr .next
.done:  ld hl,(sr_reply)
        or 1                    ; NZ
        ret

; ---- Shared -----------------------------------------------------------------------------------

; sr_offer: the root move on cell C with score HL becomes the best if there is none yet or HL
; is strictly greater than sr_best. Keeps BC, HL, IX; trashes AF, DE.
sr_offer:
        ld a,(sr_best_sq)
        or a
        jr z,.take
        ld de,(sr_best)
        call sr_greater
        ret nc
.take:  ld a,c
        ld (sr_best_sq),a
        ld (sr_best),hl
        ret

; sr_greater: carry set iff HL > DE as signed 16-bit numbers, for any values: both are moved
; to unsigned by flipping their sign bits (adding &8000), then compared unsigned.
; Keeps BC, DE, HL; trashes AF.
sr_greater:
        push hl
        push de
        ld a,h
        xor &80
        ld h,a
        ld a,d
        xor &80
        ld d,a
        ex de,hl
        or a
        sbc hl,de               ; DE' - HL': borrow iff DE' < HL'
        pop de
        pop hl
        ret

; sr_count_node: ai_nodes += 1 (32 bits). Trashes AF, HL.
sr_count_node:
        ld hl,(ai_nodes)
        inc hl
        ld (ai_nodes),hl
        ld a,h
        or l
        ret nz
        ld hl,(ai_nodes+2)
        inc hl
        ld (ai_nodes+2),hl
        ret

; ---- Data -------------------------------------------------------------------------------------

sr_me:          db 0            ; colour of the side to move at the root
sr_opp:         db 0            ; its opponent
sr_discs:       db 0            ; discs on the board at the root
sr_best_sq:     db 0            ; cell of the best root move so far, 0 = none
sr_best:        dw 0            ; its score
sr_mine:        dw 0            ; level 2: S1 of the root move being examined
sr_reply:       dw 0            ; level 2: best reply S1 so far
sr_score:       dw 0            ; level 2: S2 of the root move being examined
sr_root_ptr:    dw 0            ; the root move being examined, in sr_root_moves
sr_undo_top:    dw 0            ; the undo stack top after the root move
sr_root_moves:  ds 2*60+1       ; mb_gen_moves lists: root
sr_reply_moves: ds 2*60+1       ; and replies (ply 2)
sr_undo:        ds 19+2         ; undo stack: one entry per ply (levels 1 and 2 need one)
