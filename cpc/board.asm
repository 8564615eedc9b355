; board.asm - the Othello board: its state, legal-move generation and making moves.
;
; ---- Interface (for the UI and the test harness) ------------------------------------------
;
;   game_board    64 bytes, a1..h8: index = row * 8 + col, a1 = 0 (top left), h1 = 7,
;                 h8 = 63. Each byte is SQ_EMPTY (0), SQ_BLACK (1) or SQ_WHITE (2).
;   side_to_move  byte, SQ_BLACK or SQ_WHITE.
;   move_number   byte, incremented by play_move (passes are not counted).
;
;   gen_legal     The legal moves of side_to_move on game_board: legal_count (byte) and
;                 legal_list (legal_count square indices, ascending: the canonical order of
;                 docs/ai.md, which is the order SPACE visits). legal_list has room for 60
;                 entries; reachable positions have at most 33 legal moves.
;   play_move     A = square. If it is a legal move of side_to_move: places the disc, flips,
;                 stores the flipped squares in flip_count (byte) and flip_list (up to 19
;                 square indices: ray by ray in the order NW N NE W E SW S SE, each ray from
;                 its far end back towards the played square), switches side_to_move,
;                 increments move_number and returns with carry clear. Otherwise nothing
;                 changes and it returns with carry set.
;   pass_move     Switches side_to_move.
;   count_discs   Sets black_count and white_count (bytes) from game_board.
;
;   All four may change AF, BC, DE, HL and IX. None uses IY or the alternate registers, none
;   touches the interrupt state. They share the mailbox below with the AI (cpc/ai.asm), so
;   none may be called from an interrupt handler or while the AI runs.
;
; ---- Internals (board, eval and search code) -----------------------------------------------
;
; The search works on a 10 x 10 mailbox: square (row, col) is cell 11 + 10 * row + col, and a
; frame of SQ_BORDER cells surrounds the 64 squares, so walking a ray needs no edge test.
; Ascending cell order is the canonical square order. The mailbox fills one 256-byte page,
; so a walk only changes L: H stays the page (mb_board / 256) and (HL) reads the cell.
; Direction offsets: NW -11, N -10, NE -9, W -1, E +1, SW +9, S +10, SE +11.
;
;   mb_load         HL = a 64-byte board (game_board coding) -> mb_board.
;   mb_store        HL = a 64-byte board <- mb_board.
;   mb_count_flips  discs a move on empty cell C would flip.
;   mb_gen_moves    the legal moves of one side with their flip counts.
;   mb_play         makes a move on the mailbox, pushing what it changed on an undo stack.
;   mb_undo         takes the last move back.

SQ_EMPTY        equ 0
SQ_BLACK        equ 1
SQ_WHITE        equ 2
SQ_BORDER       equ 3           ; the mailbox frame; never in a 64-byte board

MB_FIRST        equ 11          ; cell of a1
MB_END          equ 89          ; one past the cell of h8 (88)
MB_ROW          equ 10          ; cells per mailbox row

; ---- UI interface -----------------------------------------------------------------------------

gen_legal:
        ld hl,game_board
        call mb_load
        ld a,(side_to_move)
        xor 3
        ld e,a                  ; E = the opponent of the side to move
        ld ix,bd_moves
        call mb_gen_moves
        ld ix,bd_moves
        ld de,legal_list
        ld b,0                  ; B = moves copied
        ld h,mb_to_sq/256
gen_legal_copy:
        ld a,(ix+0)
        or a
        jr z,gen_legal_done     ; the list ends with a 0 cell
        ld l,a
        set 7,l                 ; mb_to_sq is at cell + 128 of its page
        ld a,(hl)
        ld (de),a
        inc de
        inc b
        inc ix
        inc ix
        jr gen_legal_copy
gen_legal_done:
        ld a,b
        ld (legal_count),a
        ret

play_move:
        cp 64
        jr nc,play_move_illegal
        ld (bd_square),a
        ld hl,game_board
        call mb_load
        ld a,(bd_square)
        ld hl,sq_to_mb
        ld e,a
        ld d,0
        add hl,de
        ld c,(hl)               ; C = the move's cell
        ld h,mb_board/256
        ld l,c
        ld a,(hl)
        or a
        jr nz,play_move_illegal ; occupied
        ld a,(side_to_move)
        xor 3
        ld e,a
        call mb_count_flips
        ld a,b
        or a
        jr z,play_move_illegal  ; flips nothing
        ld a,(side_to_move)
        ld b,a
        ld ix,bd_undo
        call mb_play            ; A = discs flipped (1..19)
        ld (flip_count),a
        ld b,a
        ld ix,bd_undo           ; the flipped cells come first on the undo stack
        ld de,flip_list
        ld h,mb_to_sq/256
play_move_flip:
        ld l,(ix+0)
        set 7,l
        ld a,(hl)
        ld (de),a
        inc de
        inc ix
        djnz play_move_flip
        ld hl,game_board
        call mb_store
        call pass_move
        ld hl,move_number
        inc (hl)
        or a                    ; carry clear: played
        ret
play_move_illegal:
        scf
        ret

pass_move:
        ld a,(side_to_move)
        xor 3
        ld (side_to_move),a
        ret

count_discs:
        ld hl,game_board
        ld b,64
        ld c,0                  ; C = black discs
        ld e,0                  ; E = white discs
count_discs_loop:
        ld a,(hl)
        cp SQ_BLACK
        jr nz,count_discs_white
        inc c
count_discs_white:
        cp SQ_WHITE
        jr nz,count_discs_next
        inc e
count_discs_next:
        inc hl
        djnz count_discs_loop
        ld a,c
        ld (black_count),a
        ld a,e
        ld (white_count),a
        ret

; ---- Mailbox ----------------------------------------------------------------------------------

; mb_load: fills mb_board from the 64-byte board at HL (frame included).
; Trashes AF, BC, DE, HL.
mb_load:
        push hl
        ld hl,mb_board
        ld de,mb_board+1
        ld (hl),SQ_BORDER
        ld bc,MB_ROW*MB_ROW-1
        ldir
        pop hl
        ld de,mb_board+MB_FIRST
        jp mb_copy_in

; mb_copy_in: copies 64 bytes from HL into a mailbox-shaped table, DE = its cell a1 (the
; frame cells are left alone). Trashes AF, BC, DE, HL.
mb_copy_in:
        ld a,8
mb_copy_in_row:
        ld bc,8
        ldir
        inc de                  ; skip the frame: right cell of this row,
        inc de                  ; left cell of the next
        dec a
        jr nz,mb_copy_in_row
        ret

; mb_store: copies the 64 squares of mb_board to the board at HL. Trashes AF, BC, DE, HL.
mb_store:
        ex de,hl
        ld hl,mb_board+MB_FIRST
        ld a,8
mb_store_row:
        ld bc,8
        ldir
        inc hl
        inc hl
        dec a
        jr nz,mb_store_row
        ret

; mb_count_flips: the discs that a move on the empty cell C would flip.
; In: H = mb_board / 256, C = cell, E = the opponent's colour (the mover is 3 - E).
; Out: B = discs flipped, 0 when the move is illegal. Keeps C, E, H; trashes AF, D, L.
;
; Each ray: if the neighbour is an opponent disc, walk over the opponent discs counting them
; into B (D keeps the count from before the ray); the ray counts if the walk stops on a disc
; of the mover. There the cell holds 0 (empty), 3 (frame) or the mover's 1 or 2, so
; "cell - 1 < 2" tests "mover" without knowing its colour. The rays are read NW to SE with L
; stepping from one neighbour to the next, as sm_make_x does; a ray that walked puts L back
; on its neighbour.
mb_count_flips:
        ld b,0
        ld a,c
        sub 11
        ld l,a
        ; NW (-11)
        ld a,(hl)
        cp e
        jr nz,mb_count_flips_nw_end
        ld d,b
mb_count_flips_nw:
        inc b
        ld a,l
        sub 11
        ld l,a
        ld a,(hl)
        cp e
        jr z,mb_count_flips_nw
        dec a
        cp 2
        jr c,mb_count_flips_nw_fix
        ld b,d
mb_count_flips_nw_fix:
        ld a,c
        sub 11
        ld l,a
mb_count_flips_nw_end:
        inc l
        ; N (-10)
        ld a,(hl)
        cp e
        jr nz,mb_count_flips_n_end
        ld d,b
mb_count_flips_n:
        inc b
        ld a,l
        sub 10
        ld l,a
        ld a,(hl)
        cp e
        jr z,mb_count_flips_n
        dec a
        cp 2
        jr c,mb_count_flips_n_fix
        ld b,d
mb_count_flips_n_fix:
        ld a,c
        sub 10
        ld l,a
mb_count_flips_n_end:
        inc l
        ; NE (-9)
        ld a,(hl)
        cp e
        jr nz,mb_count_flips_ne_end
        ld d,b
mb_count_flips_ne:
        inc b
        ld a,l
        sub 9
        ld l,a
        ld a,(hl)
        cp e
        jr z,mb_count_flips_ne
        dec a
        cp 2
        jr c,mb_count_flips_ne_fix
        ld b,d
mb_count_flips_ne_fix:
        ld a,c
        sub 9
        ld l,a
mb_count_flips_ne_end:
        ld a,l
        add a,8
        ld l,a
        ; W (-1)
        ld a,(hl)
        cp e
        jr nz,mb_count_flips_w_end
        ld d,b
mb_count_flips_w:
        inc b
        dec l
        ld a,(hl)
        cp e
        jr z,mb_count_flips_w
        dec a
        cp 2
        jr c,mb_count_flips_w_fix
        ld b,d
mb_count_flips_w_fix:
        ld l,c
        dec l
mb_count_flips_w_end:
        inc l
        inc l
        ; E (+1)
        ld a,(hl)
        cp e
        jr nz,mb_count_flips_e_end
        ld d,b
mb_count_flips_e:
        inc b
        inc l
        ld a,(hl)
        cp e
        jr z,mb_count_flips_e
        dec a
        cp 2
        jr c,mb_count_flips_e_fix
        ld b,d
mb_count_flips_e_fix:
        ld l,c
        inc l
mb_count_flips_e_end:
        ld a,l
        add a,8
        ld l,a
        ; SW (+9)
        ld a,(hl)
        cp e
        jr nz,mb_count_flips_sw_end
        ld d,b
mb_count_flips_sw:
        inc b
        ld a,l
        add a,9
        ld l,a
        ld a,(hl)
        cp e
        jr z,mb_count_flips_sw
        dec a
        cp 2
        jr c,mb_count_flips_sw_fix
        ld b,d
mb_count_flips_sw_fix:
        ld a,c
        add a,9
        ld l,a
mb_count_flips_sw_end:
        inc l
        ; S (+10)
        ld a,(hl)
        cp e
        jr nz,mb_count_flips_s_end
        ld d,b
mb_count_flips_s:
        inc b
        ld a,l
        add a,10
        ld l,a
        ld a,(hl)
        cp e
        jr z,mb_count_flips_s
        dec a
        cp 2
        jr c,mb_count_flips_s_fix
        ld b,d
mb_count_flips_s_fix:
        ld a,c
        add a,10
        ld l,a
mb_count_flips_s_end:
        inc l
        ; SE (+11)
        ld a,(hl)
        cp e
        ret nz
        ld d,b
mb_count_flips_se:
        inc b
        ld a,l
        add a,11
        ld l,a
        ld a,(hl)
        cp e
        jr z,mb_count_flips_se
        dec a
        cp 2
        ret c
        ld b,d
        ret

; mb_gen_moves: the legal moves of the side 3 - E on mb_board, in canonical order.
; In: E = the opponent's colour, IX = a buffer of 2 * 60 + 1 bytes.
; Out: the buffer holds (cell, discs flipped) pairs and then a 0 byte (no square is cell 0);
; IX points at that 0. Keeps E; trashes AF, BC, D, HL.
mb_gen_moves:
        ld h,mb_board/256
        ld c,MB_FIRST
mb_gen_moves_cell:
        ld l,c
        ld a,(hl)
        or a
        jr nz,mb_gen_moves_next ; a disc or the frame
        call mb_count_flips
        ld a,b
        or a
        jr z,mb_gen_moves_next
        ld (ix+0),c
        ld (ix+1),b
        inc ix
        inc ix
mb_gen_moves_next:
        inc c
        ld a,c
        cp MB_END
        jr c,mb_gen_moves_cell
        ld (ix+0),0
        ret

; mb_play: plays the legal move on cell C for colour B on mb_board.
; In: B = the mover's colour, C = cell, IX = top of an undo stack (growing upwards).
; Out: pushed on the undo stack: the flipped cells, their count, the cell C; IX is past them.
; A = discs flipped. Keeps BC; trashes F, DE, HL.
mb_play:
        ld a,b
        xor 3
        ld e,a                  ; E = opponent
        ld (mp_start),ix
        ld h,mb_board/256
        ld d,-11
        call mp_ray
        ld d,-10
        call mp_ray
        ld d,-9
        call mp_ray
        ld d,-1
        call mp_ray
        ld d,1
        call mp_ray
        ld d,9
        call mp_ray
        ld d,10
        call mp_ray
        ld d,11
        call mp_ray
        ld l,c
        ld (hl),b               ; the new disc
        push ix
        pop hl
        ld a,(mp_start)
        ld d,a
        ld a,l
        sub d                   ; flips = cells pushed (fewer than 256: low bytes suffice)
        ld (ix+0),a
        ld (ix+1),c
        inc ix
        inc ix
        ret

; mp_ray: flips the ray from cell C in direction D if a disc of colour B closes it, pushing
; the flipped cells at IX. Keeps BC, DE, H.
mp_ray:
        ld a,c
        add a,d
        ld l,a
        ld a,(hl)
        cp e
        ret nz                  ; no opponent disc next to C
mp_ray_walk:
        ld a,l
        add a,d
        ld l,a
        ld a,(hl)
        cp e
        jr z,mp_ray_walk
        cp b
        ret nz                  ; not closed by the mover
mp_ray_back:
        ld a,l                  ; walk back to C, flipping
        sub d
        ld l,a
        cp c
        ret z
        ld (hl),b
        ld (ix+0),l
        inc ix
        jr mp_ray_back

; mb_undo: takes back the move on top of the undo stack.
; In: IX = top of the undo stack (as mb_play left it), E = colour of the flipped discs (the
; opponent of the mover). Out: IX below the move's entry. Keeps C, E; trashes AF, B, HL.
mb_undo:
        ld h,mb_board/256
        dec ix
        ld l,(ix+0)
        ld (hl),SQ_EMPTY
        dec ix
        ld b,(ix+0)             ; at least 1: every legal move flips
mb_undo_flip:
        dec ix
        ld l,(ix+0)
        ld (hl),e
        djnz mb_undo_flip
        ret

; ---- Search helpers (levels 3 and up) -------------------------------------------------------
;
; The deep searches' routines on the mailbox (the empty-cell list, sq_legal, mob_any,
; mob_count, sm_make, sm_undo, NEG_HL) are in moves.asm, read here so that they sit
; between this code and the data below.

        include "moves.asm"

; ---- Data -------------------------------------------------------------------------------------

game_board:     ds 64
side_to_move:   db SQ_BLACK
move_number:    db 0
legal_count:    db 0
legal_list:     ds 60
flip_count:     db 0
black_count:    db 0
white_count:    db 0

bd_square:      db 0            ; play_move's argument
bd_moves:       ds 2*60+1       ; gen_legal's move list

; eval.asm's ev_set_factor: here, before the page alignment below, and eval.asm's ev_init
; and ev_move_score and endgame.asm's eg_ray_steps in the tables' spare bytes, because the
; code between these tables and the line tables (linetab.asm LT_GEO) has no byte to spare.
; ev_set_factor: F = F_e if A < B, else F_l, for moves made with A discs on the board.
; Trashes AF, HL.
ev_set_factor:
        ld hl,w_flip_boundary
        cp (hl)
        ld a,(w_flip_early)
        jr c,ev_set_factor_set
        ld a,(w_flip_late)
ev_set_factor_set:
        ld (ev_factor),a
        ret

; Two page-aligned pages of mailbox-indexed tables. Code reaches the table at +128 of a page
; by setting bit 7 of L (cells are below 100).
        align 256
mb_board:       ds 100          ; the mailbox (cells 0..99)
flip_list:      ds 19           ; play_move's flipped squares (flip_count), in the page's
                                ; spare bytes: room for code before mb_board
ev_init:
        ld hl,w_squares
        ld de,mb_weight+MB_FIRST
        jp mb_copy_in
mb_weight:      ds 100          ; = mb_board + 128: base square weights by cell (ev_init)
; ev_move_score: S1 = w(C) + F * B, for a legal move (B = 1..19 discs flipped). The product
; is repeated addition. |S1| <= 2560 (docs/ai.md section 7).
; Out: HL. Keeps BC; trashes AF, DE.
ev_move_score:
        call ev_weight
        ld l,a
        add a,a
        sbc a,a
        ld h,a                  ; HL = w, sign-extended
        ld a,(ev_factor)
        ld e,a
        add a,a
        sbc a,a
        ld d,a                  ; DE = F, sign-extended
        push bc
ev_move_score_mul:
        add hl,de
        djnz ev_move_score_mul
        pop bc
        ret

eg_ray_steps:   db 256-11,11,256-10,10,256-9,9,256-1,1  ; endgame.asm eg_rays: NW SE N S NE SW W E

; mb_adj: for the three neighbours of each corner, the corner's cell, plus 128 for the
; diagonal neighbour (the X-square); 0 for every other cell.
mb_adj:
        db 0,0,0,0,0,0,0,0,0,0
        db 0,0,11,0,0,0,0,18,0,0        ; b1 -> a1, g1 -> h1
        db 0,11,139,0,0,0,0,146,18,0    ; a2 -> a1, b2 -> a1 (X), g2 -> h1 (X), h2 -> h1
        db 0,0,0,0,0,0,0,0,0,0
        db 0,0,0,0,0,0,0,0,0,0
        db 0,0,0,0,0,0,0,0,0,0
        db 0,0,0,0,0,0,0,0,0,0
        db 0,81,209,0,0,0,0,216,88,0    ; a7 -> a8, b7 -> a8 (X), g7 -> h8 (X), h7 -> h8
        db 0,0,81,0,0,0,0,88,0,0        ; b8 -> a8, g8 -> h8
        db 0,0,0,0,0,0,0,0,0,0
bd_undo:        ds 19+2         ; play_move's undo entry, in the page's spare bytes (room for
mp_start:       dw 0            ; code before mb_board); mb_play: the undo stack top on entry
        ds 28-19-2-2
; mb_to_sq (= mb_adj + 128): the square index of each cell, 255 for the frame.
mb_to_sq:
        db 255,255,255,255,255,255,255,255,255,255
        db 255,  0,  1,  2,  3,  4,  5,  6,  7,255
        db 255,  8,  9, 10, 11, 12, 13, 14, 15,255
        db 255, 16, 17, 18, 19, 20, 21, 22, 23,255
        db 255, 24, 25, 26, 27, 28, 29, 30, 31,255
        db 255, 32, 33, 34, 35, 36, 37, 38, 39,255
        db 255, 40, 41, 42, 43, 44, 45, 46, 47,255
        db 255, 48, 49, 50, 51, 52, 53, 54, 55,255
        db 255, 56, 57, 58, 59, 60, 61, 62, 63,255
        db 255,255,255,255,255,255,255,255,255,255

; sq_to_mb: the mailbox cell of each square a1..h8, read with 16-bit addition only, so it may
; run past the page of mb_adj and mb_to_sq (nothing after it is aligned): here it leaves the
; code before mb_board room below that page alignment.
sq_to_mb:
        db 11,12,13,14,15,16,17,18
        db 21,22,23,24,25,26,27,28
        db 31,32,33,34,35,36,37,38
        db 41,42,43,44,45,46,47,48
        db 51,52,53,54,55,56,57,58
        db 61,62,63,64,65,66,67,68
        db 71,72,73,74,75,76,77,78
        db 81,82,83,84,85,86,87,88
