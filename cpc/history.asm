; history.asm - the game's history: the position it started from and every ply since, and
; taking moves back and forward again.
;
; A game starts from start_board / start_side: the start position, the start position with
; handicap corners, or a set-up position. record_list holds every ply since, a square or
; PLY_PASS, so ply i was made by start_side when i is even and by the other side when i is
; odd (a forced pass is a ply; the end of the game is not). Taking back replays the kept
; plies from the start position with play_move: no flips need storing, and the board,
; side_to_move and move_number come out exactly as they were.
;
; The position shown is the one after the first record_count plies; the record goes on to
; record_end. Taking back (B) lowers record_count and keeps the plies after it, so that F
; can step forward through them again (redo_length) and the replay (replay.asm) can show
; them. A ply played where the record goes on either is the ply kept there (the line stays)
; or starts a new line (record_end = record_count: the later plies go).
;
; Room: a game has at most 62 moves (a position with a move has at least two discs), and a
; pass is always followed by a move, so RECORD_MAX = 128 plies hold any game, set-up
; positions included.

RECORD_MAX      equ 128             ; plies record_list holds

; history_start: game_board and side_to_move become the game's start; the record empties.
; Trashes AF, BC, DE, HL.
history_start:
        ld hl,game_board
        ld de,start_board
        ld bc,64
        ldir
        ld a,(side_to_move)
        ld (start_side),a
        xor a
        ld (record_count),a
        ld (record_end),a
        ret

; record_ply: A = a square or PLY_PASS, played in the position shown: the record's next
; ply. When the record went on with another ply, the plies after the position go.
; Trashes AF, BC, HL.
record_ply:
        ld c,a
        ld a,(record_count)
        cp RECORD_MAX
        ret nc
        ld b,a
        call record_at
        ld a,(record_end)
        cp b
        jr z,record_ply_line    ; the record ends here
        ld a,(hl)
        cp c
        jr z,record_ply_store   ; the ply the record goes on with: the line stays
record_ply_line:
        ld a,b
        inc a
        ld (record_end),a
record_ply_store:
        ld (hl),c
        ld hl,record_count
        inc (hl)
        ret

; record_at: A = a ply's index -> HL = its entry in record_list. Trashes F.
record_at:
        ld hl,record_list
        add a,l
        ld l,a
        ret nc
        inc h
        ret

; ply_by_keys: C = a ply's index -> Z if that ply, when it is a move, was the keys' to play:
; with two players every ply, with one player those of human_colour. Trashes AF.
ply_by_keys:
        ld a,(play_mode)
        cp MODE_TWO
        ret z
        ld a,(start_side)       ; the mover of ply C
        bit 0,c
        jr z,ply_by_keys_mover
        xor 3
ply_by_keys_mover:
        push hl
        ld hl,human_colour
        cp (hl)
        pop hl
        ret

; redo_length: how many plies F (forward) brings back, the inverse of take_back_length:
; the keys' next move in the record and every ply after it up to the keys' following move
; (so the computer's reply and any passes come with it), or to the end of the record. With
; two players: the next move and the passes before it. In the demo: nothing.
; Out: carry clear and A = the plies the position will have; carry set when there is
; nothing to bring back. Trashes F, BC, HL.
redo_length:
        ld a,(play_mode)
        or a
        scf
        ret z                   ; MODE_DEMO
        ld a,(record_count)
        ld c,a                  ; C = the ply looked at
        ld b,0                  ; B = the keys' moves met so far
redo_length_ply:
        ld a,(record_end)
        cp c
        jr z,redo_length_end
        ld a,c
        call record_at
        ld a,(hl)
        cp PLY_PASS
        jr z,redo_length_next
        call ply_by_keys
        jr nz,redo_length_next
        inc b
        ld a,b
        cp 2
        jr z,redo_length_found  ; the keys' following move: stop before it
redo_length_next:
        inc c
        jr redo_length_ply
redo_length_end:
        ld a,(record_count)
        cp c
        ccf
        ret c                   ; nothing after the position (carry set)
redo_length_found:
        ld a,c
        or a                    ; carry clear
        ret

; take_back_length: how many plies stay when the human takes back (B):
;   one player against the computer: the plies before the human's last move (so the
;     computer's reply and any passes go with it);
;   two players: the plies before the last move (the passes after it go with it);
;   the demo: nothing is taken back.
; Out: carry clear and A = plies to keep; carry set when there is nothing to take back.
; Trashes F, BC, HL.
take_back_length:
        ld a,(play_mode)
        or a
        scf
        ret z                   ; MODE_DEMO
        ld a,(record_count)
        ld c,a                  ; C = plies before the one looked at
take_back_length_ply:
        ld a,c
        or a
        scf
        ret z                   ; back at the start: nothing found
        dec c
        ld a,c
        call record_at
        ld a,(hl)
        cp PLY_PASS
        jr z,take_back_length_ply
        call ply_by_keys
        jr nz,take_back_length_ply
        ld a,c
        or a                    ; carry clear
        ret

; history_replay: A = plies to keep (at most record_end). The position shown becomes the
; one after them, replayed from the game's start (the plies after them stay for F and the
; replay): game_board, side_to_move, move_number and last_move as they were after those
; plies. Trashes everything but IY.
history_replay:
        ld (record_count),a
        ld hl,start_board
        ld de,game_board
        ld bc,64
        ldir
        ld a,(start_side)
        ld (side_to_move),a
        xor a
        ld (move_number),a
        ld (hr_index),a
        ld a,PLY_NONE
        ld (last_move),a
        ld a,SRC_NONE           ; a replayed move's source is not known
        ld (last_source),a
history_replay_ply:
        ld a,(hr_index)
        ld hl,record_count
        cp (hl)
        ret nc
        ld hl,record_list
        add a,l
        ld l,a
        jr nc,history_replay_read
        inc h
history_replay_read:
        ld a,(hl)
        ld (last_move),a
        ld a,(hr_index)
        inc a
        ld (hr_index),a
        ld a,(last_move)
        cp PLY_PASS
        jr z,history_replay_pass
        call play_move          ; legal: it was played from this very position before
        jr history_replay_ply
history_replay_pass:
        call pass_move
        jr history_replay_ply

start_board:    ds 64               ; the position the game started from
start_side:     db SQ_BLACK         ; and its side to move
record_count:   db 0                ; plies of record_list in the position shown
record_end:     db 0                ; plies of record_list kept (F and the replay go to it)
record_list:    ds RECORD_MAX       ; the game record: squares and PLY_PASS
hr_index:       db 0                ; history_replay: the next ply
