; endgame.asm - the exact endgame of levels 3 and up (docs/ai.md 4.3, X(pos)): the alpha-beta
; of alphabeta.asm run without a depth limit, a finished game scored as its WOF disc
; difference. The mode is chosen once, at the root (search.asm), and never switches.
;
;   eg_exact_mode   finished games score d; A = a depth no exact search reaches (a game from
;                   20 empty squares has at most 41 plies, passes included). Each search
;                   starts in eg_depth_mode (search.asm sr_deep).
;   eg_depth_mode   finished games score WIN + d, 0 or -WIN + d (docs/ai.md 3.4).
;   eg_make         ab_make of the exact endgame (no weights, no line states).
;   eg_lazy         ab_lazy of the exact endgame: the moves in eg_try_next's order.
;   eg_last         the value of a child with one empty square left and plies to go.
;   eg_nws_node     a node with at most EG_NWS_EMPTIES empty squares: eg_nws if its window
;                   is null, else ab_node; eg_nws hands the null-window nodes with three
;                   and two squares to eg_three and eg_two (last_moves.asm), frameless.
;
; Move order in the endgame (alphabeta.asm ab_gen): the transposition table's move first,
; then fastest first (fewest replies for the opponent, a corner counted three times:
; moves.asm mob_count) while more than AB_ORDER_EMPTIES squares are empty; below, and in
; every node eg_nws searches, the empty list's order, the odd quarters first (eg_try_next).
; Every move after the first is tried with a null window first (principal variation search,
; alphabeta.asm ab_loop, as in the depth-limited search), and the null-window nodes of the
; last EG_NWS_EMPTIES squares are searched by eg_nws. The exact endgame keeps no neighbour
; masks: they are all set when it starts (eg_exact_mode). None of this changes a value
; (docs/ai.md 5).

AB_EXACT_DEPTH  equ 200

; eg_exact_mode: the mode of the exact endgame, at the root of a stage; also eg_parity and
; the masks (eg_rays) from the root's empty squares. Out: A = AB_EXACT_DEPTH. Trashes F,
; BC, DE, HL.
eg_exact_mode:
        ld hl,EL_LIST           ; eg_parity: the quarters with an odd number of empty squares
        xor a
eg_exact_mode_parity:
        ld l,(hl)
        inc l
        dec l
        jr z,eg_exact_mode_odd
        call eg_rays            ; any ray of an empty square that starts on the board may
        ld h,EG_QUARTERS/256    ; bracket: the exact endgame keeps no masks (sm_make_x,
        set 7,l                 ; sm_undo); el_init builds them for the next search
        xor (hl)
        res 7,l
        ld h,EL_LIST/256
        jr eg_exact_mode_parity
eg_exact_mode_odd:
        ld (eg_parity),a
        ld hl,&8000
        ld (ab_win),hl
        ld (ab_loss),hl
        ld a,1
        ld (ab_exact),a
        ld a,AB_EXACT_DEPTH
        ret

; eg_rays: NB_TABLE[L] = the rays of the empty cell L whose first two squares are on the
; board (a move needs an opponent's disc and one of its own there): its mask as if every
; neighbour held a disc, less the rays the frame cuts short (moves.asm's order of the bits).
; Keeps AF, L; trashes BC, DE, H.
eg_rays:
        push af
        ld de,eg_ray_steps
        ld bc,&0800             ; B = rays left, C = the mask
        ld h,mb_board/256
eg_rays_ray:
        push hl
        ld a,(de)
        add a,l
        ld l,a
        ld a,(hl)               ; the neighbour
        cp SQ_BORDER
        jr nc,eg_rays_off
        ld a,(de)
        add a,l
        ld l,a
        ld a,(hl)               ; and the square after it: a move needs both
        cp SQ_BORDER            ; carry: on the board
eg_rays_off:
        pop hl
        inc de
        rl c
        djnz eg_rays_ray
        ld h,NB_TABLE/256
        ld (hl),c
        pop af
        ret
                                ; eg_ray_steps: in board.asm, in mb_weight's spare bytes

eg_depth_mode:
        ld hl,sm_make_x_keep    ; sm_make_x keeps the list and undo entries (a search
        ld (sm_make_x_tail+1),hl        ; stopped in eg_nws left sm_make_x_lite)
        ld hl,&8000+WIN
        ld (ab_win),hl
        ld hl,&8000-WIN
        ld (ab_loss),hl
        xor a
        ld (ab_exact),a
        ret

; eg_make: ab_make of the exact endgame: no weights, so no S (D = P, E = O, C = cell).
eg_make:
        call sm_make_x          ; B = flips
eg_make_fill:
        call eg_parity_flip
        ld a,(ix+FR_DIFF)       ; DIFF' = -(DIFF + 2 * flips + 1)
        add a,b
        add a,b
        inc a
        neg
        ld (ix+FR_SIZE+FR_DIFF),a
        ld a,(ix+FR_EMPTY)
        dec a
        ld (ix+FR_SIZE+FR_EMPTY),a
        ld a,(ix+FR_DEPTH)
        dec a
        ld (ix+FR_SIZE+FR_DEPTH),a
        ld (ix+FR_SIZE+FR_P),e
        ld (ix+FR_SIZE+FR_O),d
        ld a,(ix+FR_EMPTY)      ; the child's key, if it keeps an entry (TT_MIN_EMPTIES)
        cp TT_MIN_EMPTIES+1
        ret c
        jp tt_child_hash

; eg_parity_flip: C = a cell that was just filled or emptied: its quarter's parity changes
; (eg_parity, kept by eg_make and ab_unmake in the exact endgame). Trashes AF, HL.
eg_parity_flip:
        ld h,EG_QUARTERS/256
        ld l,c
        set 7,l
        ld a,(eg_parity)
        xor (hl)
        ld (eg_parity),a
        ret

; eg_lazy: ab_lazy in the exact endgame (at most AB_LAZY_EMPTIES empty squares): the moves
; in eg_try_next's order, each found by making it.
AB_SORT_TRY     equ 5           ; FR_SORT: eg_lazy_next finds the moves
EG_QUARTERS     equ SCRATCH+128 ; + cell: the cell's quarter, bit 0 a1-d4, 1 e1-h4, 2 a5-d8, 3 e5-h8

eg_lazy:
        ld a,(eg_parity)
        call eg_first_pass      ; the odd quarters first (eg_try_next)
        ld a,AB_SORT_TRY
        jp ab_lazy_sort
eg_lazy_next:
        call eg_try_next
        jp z,ab_lazy_end
        call eg_make_fill
        jp ab_loop_made

; eg_try_next: the next move of frame IX's side (P) after its cell FR_MOVE (0: from the
; start), made (sm_make_x) and kept in FR_MOVE. The order: the empty list's, but the squares
; of the board's quarters (a1-d4, e1-h4, a5-d8, e5-h8) with an odd number of empty squares
; first, then the others (parity: the side that moves into an odd quarter often gets its last
; square); FR_LIST holds the quarters of this pass, eg_parity in the first and its complement,
; bit 7 set, in the second. Each square is tried by making the move, since sm_make_x changes
; nothing where it flips nothing: no test first, and no neighbour masks (eg_exact_mode). Out:
; NZ, C = the cell, B = the flips, D = P, E = O; Z when no move is left. Trashes AF, HL.
eg_try_next:
        ld c,(ix+FR_MOVE)
        ld d,(ix+FR_P)
        ld e,(ix+FR_O)
eg_try_next_pass_b:
        ld b,(ix+FR_LIST)       ; B = this pass's quarters (sm_make_x clears B on a miss)
eg_try_next_scan:
        ld h,EL_LIST/256        ; the next empty cell
        ld l,c
        ld c,(hl)
        ld a,c
        or a
        jr z,eg_try_next_pass
        ld l,a
        ld h,EG_QUARTERS/256    ; not a quarter of this pass
        set 7,l
        ld a,(hl)
        and b
        jr z,eg_try_next_scan
        call sm_make_x
        jr z,eg_try_next_pass_b ; nothing flipped: C, D, E kept
        ld (ix+FR_MOVE),c
        ret
eg_try_next_pass:
        ld a,b                  ; the end of the list: the second pass from the start (C = 0)
        cpl
        ld (ix+FR_LIST),a
        ld b,a
        rla
        jr c,eg_try_next_scan
        xor a                   ; after the second: none left
        ret

; eg_first_pass: FR_LIST = the quarters of eg_try_next's first pass: the odd ones (A = the
; parity, eg_parity), or, when no quarter is odd, those of the second pass at once (a first
; pass would walk the whole list and find nothing; the same order; eg_nws does the same in
; registers). Trashes AF.
eg_first_pass:
        or a
        jr nz,eg_first_pass_odd
        cpl                     ; &FF: the second pass, every quarter
eg_first_pass_odd:
        ld (ix+FR_LIST),a
        ret

; eg_regions: EG_QUARTERS, each cell's quarter (eg_try_next). Trashes AF, B, DE, HL.
eg_regions:
        ld hl,EG_QUARTERS+11
        ld de,&0801             ; D = rows left, E = the quarter of the row's left half
eg_regions_row:
        ld b,8
eg_regions_cell:
        ld a,b                  ; B = 8..5: columns a-d
        cp 5
        ld a,e
        jr nc,eg_regions_left
        add a,a                 ; e-h: the quarter to the right
eg_regions_left:
        ld (hl),a
        inc hl
        djnz eg_regions_cell
        inc hl                  ; the next row starts 10 cells on
        inc hl
        ld a,d
        cp 5
        jr nz,eg_regions_half
        ld e,4                  ; rows 5-8
eg_regions_half:
        dec d
        jr nz,eg_regions_row
        ret

; eg_last: the child of frame IX (its frame filled) has one empty square and at least one ply
; to go, so its value is that of the finished game: the side to move plays the last square
; if it can, else the other side does, else nobody can (appendix A: counting the flips is
; enough, nothing is played). The child's PV line (line 1, alphabeta.asm) is that square, or
; empty when neither side can play it. Out: HL (biased), as ab_node would return it.
eg_last:
        call eg_count           ; the child is a node
        ld h,EL_LIST/256
        ld l,0
        ld c,(hl)               ; C = the last empty cell
        ld hl,(ab_pv_one)       ; the child's PV: that square (or none, below)
        ld (hl),1
        inc hl
        ld (hl),c
        ld h,mb_board/256
        ld e,(ix+FR_SIZE+FR_O)
        call mb_count_flips     ; B = the flips of the child's side to move there
        ld a,b
        or a
        jr z,eg_last_other
        ld a,(ix+FR_SIZE+FR_DIFF)
        add a,b
        add a,b
        inc a
        ld b,0
        jp ab_term
eg_last_other:
        ld e,(ix+FR_SIZE+FR_P)
        call mb_count_flips     ; its opponent's
        ld a,b
        or a
        jr z,eg_last_nobody
        ld a,(ix+FR_SIZE+FR_DIFF)
        sub b
        sub b
        dec a
        ld b,0
        jp ab_term
eg_last_nobody:
        ld hl,(ab_pv_one)       ; nobody plays it: an empty PV
        ld (hl),0
        ld a,(ix+FR_SIZE+FR_DIFF)
        ld b,1
        jp ab_term

; eg_nws_node: ab_node (IX = the frame) for a node of the exact endgame with at most
; EG_NWS_EMPTIES empty squares: eg_nws when its window is null (alpha + 1 = beta: every
; node under a null-window move of PVS, alphabeta.asm ab_loop), else ab_node. Out: HL
; (biased), as ab_node.
EG_NWS_EMPTIES  equ 7           ; measured best with sr_mtd's probes (docs/benchmarks-history.md): 5
                                ; costs 13 % more, 6 4 %, 8 26 %; no table entry (tt.asm)
FR_QPAR         equ FR_S        ; eg_nws: its position's eg_parity (the exact endgame keeps
                                ; no S), so that a move's child gets its own and the undo
                                ; changes nothing

eg_nws_node:
        ld l,(ix+FR_ALPHA)
        ld h,(ix+FR_ALPHA+1)
        inc hl
        ld a,(ix+FR_BETA)
        cp l
        jp nz,ab_node
        ld a,(ix+FR_BETA+1)
        cp h
        jp nz,ab_node
        dec hl                  ; alpha as a byte v + 128, v clamped to -65..64: every value
        ld de,&8000-65          ; lies in -64..64, so the node ends the same way
        or a
        sbc hl,de               ; HL = v + 65
        jr c,eg_nws_node_low
        ld a,h
        or a
        jr nz,eg_nws_node_high
        ld a,l
        cp 130
        jr c,eg_nws_node_alpha
eg_nws_node_high:
        ld a,129
        jr eg_nws_node_alpha
eg_nws_node_low:
        xor a
eg_nws_node_alpha:
        add a,63
        ld (ix+FR_ALPHA),a
        ld a,(eg_parity)        ; eg_nws keeps the parity in its frames
        ld (ix+FR_QPAR),a
        ld hl,sm_make_x_lite    ; and no undo entries (sm_undo_lite)
        ld (sm_make_x_tail+1),hl
        call eg_nws
        ld hl,sm_make_x_keep
        ld (sm_make_x_tail+1),hl
        ld l,a                  ; the biased byte as a biased word: &8000 + (A - 128)
        ld h,0
        ld de,&7F80
        add hl,de
        ret

; eg_nws: the null-window search of the exact endgame's last EG_NWS_EMPTIES squares. IX =
; the frame: FR_ALPHA = alpha as a byte (v + 128, the window is (alpha, alpha + 1)),
; FR_DIFF, FR_EMPTY, FR_P, FR_O. It searches as ab_node would, in eg_try_next's order, and
; returns the same fail-soft value, counting the nodes as ab_node and eg_last count them
; (each move, the pass, the last square), but with byte values and no table entries, move
; list, PV or windows to keep: the first move above alpha ends the node. The parity is the
; frame's (FR_QPAR), not eg_parity. Up to 5 empty squares, where ab_node keeps no list
; (eg_lazy) and no table entry, it is ab_node's very tree. FR_BEST holds the best (0: no move
; yet); the scan's cell and quarters (eg_try_next's C and B) stay in registers and on the
; stack. A node with three or two squares, and a child with three, is eg_three's or eg_two's
; (last_moves.asm). Out: A = the value for P (v + 128). Trashes all but IX, IY.
eg_nws:
        COUNT_NODE
        ld a,(ix+FR_EMPTY)
        dec a
        jp z,eg_nws_last
        dec a
        jp z,eg_nws_two
        dec a
        jp z,eg_nws_three
        ld a,(ai_abort)         ; "move now" (a node with one or two squares ends soon)
        or a
        jp nz,sr_abort
        ld (ix+FR_BEST),a       ; no move yet (A = 0)
        ld c,a                  ; C: from the start of the list
        ld d,(ix+FR_P)
        ld e,(ix+FR_O)
        ld a,(ix+FR_QPAR)       ; B = the quarters of this pass: the odd ones first, or
        or a                    ; every one when none is odd (eg_first_pass)
        jr nz,eg_nws_odd
        cpl
eg_nws_odd:
        ld b,a
eg_nws_scan:                    ; eg_try_next's order, its registers kept on the stack
        ld h,EL_LIST/256        ; the next empty cell
        ld l,c
        ld c,(hl)
        ld a,c
        or a
        jr z,eg_nws_pass
        ld l,a
        ld h,EG_QUARTERS/256    ; not a quarter of this pass
        set 7,l
        ld a,(hl)
        and b
        jr z,eg_nws_scan
        push bc
        call sm_make_x          ; B = the flips
        jr z,eg_nws_miss        ; not a move: nothing changed
        ld a,(ix+FR_DIFF)       ; the child: O to move
        add a,b
        add a,b
        inc a
        neg
        ld (ix+FR_SIZE+FR_DIFF),a
        push bc                 ; B = the flips, C = the cell
        push de
        ld a,(ix+FR_EMPTY)
        cp 4
        jp z,eg_nws_scan_three  ; (eg_three reads no parity; last_moves.asm)
        ld h,EG_QUARTERS/256    ; the child's parity: C's quarter changes
        ld l,c
        set 7,l
        ld a,(ix+FR_QPAR)
        xor (hl)
        ld (ix+FR_SIZE+FR_QPAR),a
        ld a,(ix+FR_EMPTY)
        dec a
        call eg_nws_child
eg_nws_scan_back:
        pop de
        pop bc
        push af
        call sm_undo_lite       ; E = O
        pop af
        pop bc                  ; B = the pass's quarters, C = the cell
        cp (ix+FR_BEST)         ; a new best?
        jr c,eg_nws_scan
        jr z,eg_nws_scan
        ld (ix+FR_BEST),a
        cp (ix+FR_ALPHA)        ; above alpha: a cut-off
        jr z,eg_nws_scan
        jr c,eg_nws_scan
        ret
eg_nws_miss:
        pop bc
        jr eg_nws_scan
eg_nws_pass:
        ld a,b                  ; the end of the list: the second pass from the start (C = 0)
        cpl
        ld b,a
        rla
        jr c,eg_nws_scan        ; after the second: no move left
eg_nws_done:
        ld a,(ix+FR_BEST)
        or a
        ret nz
        ld d,(ix+FR_O)          ; no move: O's turn if O can move (a node of its own)
        ld e,(ix+FR_P)
        call mob_any
        jr nc,eg_nws_over
        ld a,(ix+FR_QPAR)       ; the same squares: the same parity
        ld (ix+FR_SIZE+FR_QPAR),a
        ld a,(ix+FR_DIFF)
        neg
        ld (ix+FR_SIZE+FR_DIFF),a
        ld a,e
        ld e,d
        ld d,a
        ld a,(ix+FR_EMPTY)
eg_nws_child:                   ; A = the child's empties, its DIFF set, D = P, E = O: the
        ld (ix+FR_SIZE+FR_EMPTY),a      ; child, O to move with the window (-alpha - 1,
        ld a,(ix+FR_ALPHA)              ; -alpha). Out: A = minus its value
        cpl
        ld (ix+FR_SIZE+FR_ALPHA),a
        ld (ix+FR_SIZE+FR_P),e
        ld (ix+FR_SIZE+FR_O),d
        ld de,FR_SIZE
        add ix,de
        call eg_nws
        ld de,-FR_SIZE
        add ix,de
        neg
        ret
eg_nws_over:
        ld a,(ix+FR_DIFF)       ; neither can move: the game is over
        ld b,(ix+FR_EMPTY)
        jr eg_nws_term

eg_nws_last:
        ld hl,EL_LIST           ; one square left (eg_last): P plays it if it can, else O,
        ld c,(hl)               ; else nobody
eg_nws_last_at:                 ; C = that square
        ld e,(ix+FR_O)
        ld h,mb_board/256
        call mb_count_flips
        ld a,(ix+FR_DIFF)
        inc b
        dec b
        jr z,eg_nws_last_o
        add a,b
        add a,b
        inc a
        ld b,0
        jr eg_nws_term
eg_nws_last_o:
        ld e,(ix+FR_P)
        call mb_count_flips
        ld a,(ix+FR_DIFF)
        inc b
        dec b
        jr z,eg_nws_last_none
        sub b
        sub b
        dec a
        ld b,0
        jr eg_nws_term
eg_nws_last_none:
        inc b
; eg_nws_term: A = the disc difference of a finished game, B = the empty squares: the
; winner gets them (ab_term's d). Out: A = d + 128.
eg_nws_term:
        or a
        jr z,eg_nws_term_byte
        jp p,eg_nws_term_won
        sub b
        jr eg_nws_term_byte
eg_nws_term_won:
        add a,b
eg_nws_term_byte:
        xor &80
        ret

; eg_count: one node more (ai_nodes, 32 bits). Keeps A, BC, DE, HL; trashes F.
eg_count:
        push hl
        COUNT_NODE
        pop hl
        ret

eg_parity       equ SCRATCH+(2*FR_MAX_MOVES)  ; after ab_values (search.asm's memory map):
                                ; bit q set iff quarter q (EG_QUARTERS) has an odd number of
                                ; empty squares, kept by eg_make and ab_unmake
