; replay.asm - ODIN's REPLAY, NEXT and PLAY: the game shown again from its start, ply by
; ply, and play resumed from any position of it.
;
; R at the end of a game, or in the menu, starts the replay (state ST_REPLAY): the game's
; start position (the start, with handicap corners, or set up), and the record from there
; (history.asm: record_count plies shown, record_end kept, the moves taken back included).
;
;   SPACE   the next ply (NEXT)
;   F       the next ply; held, one ply after another (REPLAY_EVERY frames apart) to the end
;   B       the ply before
;   H       the hint for the position shown: the computer's move at the level, its score
;           and line (advice.asm), a ring on the board until the position changes
;   P       PLAY: the game goes on from the position shown, the later plies dropped (not
;           after a loss on time: that game is over for good)
;   ESC     back to the game as it was when R was pressed
;
; No clock runs meanwhile; the per-move scores are off, and a hint goes with its position. The panel's
; messages say "REPLAY 12/58" (plies shown, plies kept), whose turn it is (or GAME OVER at
; the end of a finished game) and the next ply ("NEXT E6", or "END OF RECORD"); the record
; rows show the plies up to the position, as after taking back.

REPLAY_FIRST    equ 15              ; frames F is held before the plies run on
REPLAY_EVERY    equ 5               ; then frames between two plies (ten a second)

; ui_replay: the replay, from the game's start. Entered by JP from a waiting state.
ui_replay:
        call clock_stop
        call cursor_hide
        call advice_clear
        ld a,(record_count)
        ld (replay_back),a
        xor a
        ld (ui_ready),a
        call history_replay     ; the start position
        ld a,ST_REPLAY
        ld (ui_state),a
        call panel_clear_messages
        call ui_redraw
replay_show:
        call panel_show_replay
replay_key:
        call ui_wait_key
        cp KEY_SPACE
        jr z,replay_next
        cp KEY_F
        jr z,replay_run
        cp KEY_B
        jr z,replay_previous
        cp KEY_P
        jr z,replay_play
        cp KEY_ESC
        jr z,replay_leave
        cp KEY_H
        jr nz,replay_key
        call gen_legal          ; the moves of the position shown, for the hint's ring
        ld a,(legal_count)
        or a
        call nz,hint_show       ; none: a pass or the end, no hint
        jr replay_key
replay_next:
        call replay_forward
        jr replay_show
replay_previous:
        ld a,(record_count)
        or a
        jr z,replay_key         ; at the start already
        push af
        call advice_clear       ; the hint goes with its position
        pop af
        dec a
        call history_replay
        call draw_board
        call replay_panel
        jr replay_show

; replay_run: F: the next ply at once, then, while F stays held, the rest.
replay_run:
        call replay_forward
        jr c,replay_key         ; at the end
        call panel_show_replay
        ld b,REPLAY_FIRST
replay_run_wait:
        push bc
        ld b,1
        call wait_frames
        pop bc
        ld a,(key_held+(2*KM_F_LINE))
        and KM_F_BIT
        jr z,replay_key         ; let go
        djnz replay_run_wait
        call replay_forward
        jr c,replay_key
        call panel_show_replay
        ld b,REPLAY_EVERY
        jr replay_run_wait

; replay_play: P: the game goes on from the position shown; the record ends there.
replay_play:
        ld a,(time_out)
        or a
        jr nz,replay_key        ; lost on time: no play from its positions
        ld a,(record_count)
        ld (record_end),a
        jp ui_go_to             ; game over cleared, the turn worked out afresh

; replay_leave: ESC: the game as it was when the replay started.
replay_leave:
        call advice_clear
        xor a
        ld (ui_ready),a
        ld a,ST_START
        ld (ui_state),a
        ld a,(replay_back)
        call history_replay
        call panel_clear_messages
        call ui_redraw
        jp ui_menu_back         ; the game's state: its turn, or its end

; replay_forward: the next ply of the record, if the position has one, played and drawn.
; Out: carry set at the end of the record (nothing done). Trashes everything but IY.
replay_forward:
        ld a,(record_count)
        ld hl,record_end
        cp (hl)
        ccf
        ret c
        call advice_clear       ; the hint goes with its position
        ld a,(record_count)
        call record_at
        ld a,(hl)
        ld hl,record_count
        inc (hl)
        cp PLY_PASS
        jr z,replay_forward_pass
        ld (play_square),a
        call play_move          ; legal: it was played from this very position
        ld a,(flip_count)
        ld b,a
        ld hl,flip_list
replay_forward_flip:
        push bc
        push hl
        ld a,(hl)
        call refresh_square
        pop hl
        inc hl
        pop bc
        djnz replay_forward_flip
        ld a,(play_square)
        jr replay_forward_last
replay_forward_pass:
        call pass_move
        ld a,PLY_PASS
replay_forward_last:
        call set_last_move      ; and the new disc is drawn
        call replay_panel
        or a                    ; carry clear
        ret

; replay_panel: the fields a ply changes: disc counts, last move, record. Trashes
; everything but IY.
replay_panel:
        call panel_counts
        call panel_last
        jp panel_record

replay_back:    db 0                ; record_count when the replay started (ESC)
