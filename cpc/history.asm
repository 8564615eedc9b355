; history.asm - the game's history: the position it started from and every ply since, and
; taking moves back.
;
; A game starts from start_board / start_side: the start position, the start position with
; handicap corners, or a set-up position. record_list holds every ply since, a square or
; PLY_PASS, so ply i was made by start_side when i is even and by the other side when i is
; odd (a forced pass is a ply; the end of the game is not). Taking back replays the kept
; plies from the start position with play_move: no flips need storing, and the board,
; side_to_move and move_number come out exactly as they were.
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
        ret

; record_ply: A = a square or PLY_PASS, appended to record_list. Trashes AF, C, HL.
record_ply:
        ld c,a
        ld a,(record_count)
        cp RECORD_MAX
        ret nc
        ld hl,record_list
        add a,l
        ld l,a
        jr nc,record_ply_store
        inc h
record_ply_store:
        ld (hl),c
        ld hl,record_count
        inc (hl)
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
        ld hl,record_list
        ld a,c
        add a,l
        ld l,a
        jr nc,take_back_length_read
        inc h
take_back_length_read:
        ld a,(hl)
        cp PLY_PASS
        jr z,take_back_length_ply
        ld a,(play_mode)
        cp MODE_TWO
        jr z,take_back_length_found
        ld a,(start_side)       ; the mover of ply C
        bit 0,c
        jr z,take_back_length_mover
        xor 3
take_back_length_mover:
        ld hl,human_colour
        cp (hl)
        jr nz,take_back_length_ply
take_back_length_found:
        ld a,c
        or a                    ; carry clear
        ret

; history_replay: A = plies to keep. The record is cut to them and the game replayed from
; its start: game_board, side_to_move, move_number and last_move as they were after those
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
record_count:   db 0                ; plies in record_list
record_list:    ds RECORD_MAX       ; the game record: squares and PLY_PASS
hr_index:       db 0                ; history_replay: the next ply
