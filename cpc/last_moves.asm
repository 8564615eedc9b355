; last_moves.asm - the exact endgame's null-window nodes with three and two empty squares,
; without frames (docs/ai.md appendix A, "The last squares' bookkeeping"): eg_nws (endgame.asm)
; hands its children with three squares to eg_three, which hands its children to eg_two. The
; same tree, order, values and node count as eg_nws's loop would give them; what they save is
; the frame, the empty list's upkeep (their moves are sm_make_x_bare's: each passes the squares
; left to its child) and the scan in two passes. They lie after the line tables, where the
; program has room (search.asm's memory map).
;
; Their variables lie in the scratch page after the quarters (EG_QUARTERS + 128 + cell: at
; most SCRATCH + 216). A node here calls itself only for a pass, as its last act, so one set
; of variables a size is enough.

two_p           equ SCRATCH+224 ; eg_two: P to move against O (side by side: LD HL,(two_p);
                                ; p, o, diff, alpha in this order: eg_frame_vars,
                                ; eg_other_side)
two_o           equ SCRATCH+225
two_diff        equ SCRATCH+226 ; P's disc difference
two_alpha       equ SCRATCH+227 ; the window's alpha (v + 128)
two_best        equ SCRATCH+228 ; the best value so far (0: no move yet)
two_other       equ SCRATCH+229 ; the square not being tried
two_first       equ SCRATCH+230 ; the first square (a pass tries them again in that order)
three_p         equ SCRATCH+231 ; eg_three: the same for three squares
three_o         equ SCRATCH+232
three_diff      equ SCRATCH+233
three_alpha     equ SCRATCH+234
three_best      equ SCRATCH+235
three_cells     equ SCRATCH+236 ; c1 c2 c3 c1 c3, the squares in list order, so that each
THREE_END       equ SCRATCH+241 ; one's other two (list order) are a word: c2 c3 at +1, c1 c3
                                ; at +3, c1 c2 at +0

; eg_nws_scan_three: eg_nws's move at four empty squares made (D = P, E = O, the
; child's FR_DIFF set): the child, with three, is eg_three's, without a frame.
eg_nws_scan_three:
        ld a,(ix+FR_SIZE+FR_DIFF)
        ld (three_diff),a
        ld a,(ix+FR_ALPHA)
        cpl
        ld (three_alpha),a
        ld (three_p),de         ; three_p = E, three_o = D
        call eg_three
        call eg_lite
        neg
        jp eg_nws_scan_back

; eg_nws_two: eg_nws with two empty squares (eg_nws_node's, which keeps the list): eg_two on
; the frame's position (eg_nws has counted the node), the squares from the list.
eg_nws_two:
        ld hl,two_p
        call eg_frame_vars
        ld hl,EL_LIST
        ld c,(hl)               ; the first square
        ld l,c
        ld a,(hl)
        ld (two_other),a        ; and the other
        ld hl,sm_make_x_bare
        ld (sm_make_x_tail+1),hl
        call eg_two_counted
eg_lite:                        ; sm_make_x's tail of eg_nws again. Keeps AF.
        ld hl,sm_make_x_lite
        ld (sm_make_x_tail+1),hl
        ret

; eg_nws_three: eg_nws with three empty squares (eg_nws_node's): eg_three on the frame's
; position (eg_nws has counted the node).
eg_nws_three:
        ld hl,three_p
        call eg_frame_vars
        call eg_three_counted
        jr eg_lite

; eg_other_side: the four variables from HL (eg_frame_vars's order) for the other side's turn
; in the same position: P and O swapped, DIFF negated, the window (-alpha - 1, -alpha).
; Trashes AF, DE, HL.
eg_other_side:
        ld e,(hl)
        inc hl
        ld d,(hl)
        ld (hl),e
        dec hl
        ld (hl),d
        inc hl
        inc hl
        ld a,(hl)
        neg
        ld (hl),a
        inc hl
        ld a,(hl)
        cpl
        ld (hl),a
        ret

; eg_frame_vars: frame IX's P, O, DIFF and ALPHA into the four variables from HL (two_p ...
; two_alpha, three_p ... three_alpha). Trashes AF, HL.
eg_frame_vars:
        ld a,(ix+FR_P)
        ld (hl),a
        inc hl
        ld a,(ix+FR_O)
        ld (hl),a
        inc hl
        ld a,(ix+FR_DIFF)
        ld (hl),a
        inc hl
        ld a,(ix+FR_ALPHA)
        ld (hl),a
        ret

; eg_three: the null-window value of a node with the three empty squares of the list, without
; a frame: three_p to move against three_o, three_diff its disc difference, three_alpha the
; window's alpha (v + 128). eg_try_next's order: the squares of the odd quarters first (with
; three squares, the quarters they lie in alone or all three together), then the others, each
; pass in list order. Each move is sm_make_x_bare's (the caller restores the tail, eg_lite), and
; its child is eg_two on the other two squares. A pass is a node of its own (eg_three again,
; the other side to move). Out: A = the value for three_p (v + 128). Trashes all but IX, IY.
eg_three:
        COUNT_NODE
eg_three_counted:
        ld a,(ai_abort)         ; "move now"
        or a
        jp nz,sr_abort
        ld (three_best),a       ; no move yet (A = 0)
        ld hl,sm_make_x_bare
        ld (sm_make_x_tail+1),hl
        ld h,EL_LIST/256        ; the squares, in list order
        ld l,a
        ld a,(hl)
        ld (three_cells),a
        ld (three_cells+3),a
        ld l,a
        ld a,(hl)
        ld (three_cells+1),a
        ld l,a
        ld a,(hl)
        ld (three_cells+2),a
        ld (three_cells+4),a
        ld h,EG_QUARTERS/256    ; the quarters: two squares in one quarter make it even, so
        set 7,a                 ; the third square, alone in its quarter, goes first;
        ld l,a                  ; otherwise every quarter holding one is odd: list order
        ld b,(hl)               ; B, C, D: the quarter bits of the third, second, first
        ld a,(three_cells+1)
        set 7,a
        ld l,a
        ld c,(hl)
        ld a,(three_cells)
        set 7,a
        ld l,a
        ld a,(hl)               ; the first's
        cp c
        jr nz,eg_three_apart
        cp b
        jr z,eg_three_listed    ; all three in one quarter (odd)
        call eg_three_third_first
        jr eg_three_passed
eg_three_apart:
        cp b
        jr nz,eg_three_listed   ; the first alone, or all three apart
        call eg_three_second_first
        jr eg_three_passed
eg_three_listed:
        call eg_three_in_order
eg_three_passed:
        ld a,(three_best)
        or a
        ret nz
        ld hl,(three_p)         ; no move: O's turn if O can move (a node of its own)
        ld d,h
        ld e,l
        call mob_any
        ld a,(three_diff)
        jr nc,eg_three_over
        ld hl,three_p           ; the same squares, O to move
        call eg_other_side
        call eg_three
        neg
        ret
eg_three_over:
        ld b,3                  ; neither can move: the game is over
        jp eg_nws_term

; eg_three_in_order, eg_three_third_first, eg_three_second_first: eg_three_try on each square
; in list order, or the third, the first, the second, or the second, the first, the third;
; each with its other two in list order. Each calls every try, the last too (CALL, RET, not
; a JP): a cut-off drops the return into these routines (eg_three_try).
eg_three_in_order:
        ld hl,(three_cells+1)
        ld a,(three_cells)
        call eg_three_try
        ld hl,(three_cells+3)
        ld a,(three_cells+1)
        call eg_three_try
eg_three_try_third:
        ld hl,(three_cells)
        ld a,(three_cells+2)
        call eg_three_try
        ret
eg_three_third_first:
        ld hl,(three_cells)
        ld a,(three_cells+2)
        call eg_three_try
        ld hl,(three_cells+1)
        ld a,(three_cells)
        call eg_three_try
        ld hl,(three_cells+3)
        ld a,(three_cells+1)
        call eg_three_try
        ret
eg_three_second_first:
        ld hl,(three_cells+3)
        ld a,(three_cells+1)
        call eg_three_try
        ld hl,(three_cells+1)
        ld a,(three_cells)
        call eg_three_try
        jr eg_three_try_third

; eg_three_try: A = a square, L then H the other two: if P has a move there, the move's
; value (eg_two), kept in three_best if better; above alpha it ends eg_three (the returns
; into the order's routine and eg_three are dropped, so eg_three returns A).
eg_three_try:
        ld c,a
        push hl
        ld hl,(three_p)         ; L = P, H = O
        ld d,l
        ld e,h
        call sm_make_x          ; B = the flips
        jr z,eg_three_try_not   ; not a move: nothing changed
        ld a,(three_diff)       ; the child: O to move, the window (-alpha - 1, -alpha)
        add a,b
        add a,b
        inc a
        neg
        ld (two_diff),a
        ld a,(three_alpha)
        cpl
        ld (two_alpha),a
        ld (two_p),de           ; two_p = E, two_o = D
        pop hl
        push bc                 ; B = the flips, C = the cell
        ld a,h
        ld (two_other),a
        ld c,l
        call eg_two
        neg
        pop bc
        push af
        ld a,(three_o)
        ld e,a
        call sm_undo_bare
        pop af
        ld hl,three_best        ; a new best?
        cp (hl)
        ret c
        ret z
        ld (hl),a
        ld hl,three_alpha       ; above alpha: a cut-off
        cp (hl)
        ret c
        ret z
        pop hl
        pop hl
        ret
eg_three_try_not:
        pop hl
        ret

; eg_two: the null-window value of a node with two empty squares, C and two_other (list
; order), without a frame: two_p to move against two_o, two_diff its disc difference,
; two_alpha the window's alpha (v + 128). eg_try_next's order is then the list's (two
; squares in one quarter make it even, in two quarters both odd), and each move's child has
; one square left, whose value is counted out at once as eg_nws_last would from the child's
; side, but from P's: the child gets no frame, and there is no parity to keep (nothing below
; reads it) or list to scan or keep (the caller set sm_make_x_bare). A pass is a node of its
; own (eg_two again, the other side to move). Out: A = the value for two_p (v + 128).
; Trashes all but IX, IY.
eg_two:
        COUNT_NODE
eg_two_counted:
        xor a
        ld (two_best),a         ; no move yet
        ld a,c
        ld (two_first),a
        call eg_two_try
        ld hl,two_other         ; then the other square, this one its other
        ld a,(hl)
        ld (hl),c
        ld c,a
        call eg_two_try
        ld a,(two_best)
        or a
        ret nz
        ld a,c                  ; no move: the squares as they came (C = the second)
        ld (two_other),a
        ld hl,(two_p)           ; O's turn if O can move (a node of its own): on
        ld d,h                  ; either square (the list may hold a third, filled by
        ld e,l                  ; eg_three: no mob_any)
        ld a,(two_first)
        call eg_legal
        jr c,eg_two_pass
        ld a,(two_other)
        call eg_legal
        ld a,(two_diff)
        jr nc,eg_two_over
eg_two_pass:
        ld hl,two_p             ; the same squares, O to move
        call eg_other_side
        ld a,(two_first)
        ld c,a
        call eg_two
        neg
        ret
eg_two_over:
        ld b,2                  ; neither can move: the game is over
        jp eg_nws_term

; eg_two_try: P's move on C (two_other the last square), if it has one: its value, kept in
; two_best if better; above alpha it ends eg_two (the return into eg_two is dropped, so
; eg_two returns A). Keeps C; trashes AF' too.
eg_two_try:
        ld hl,(two_p)           ; L = P, H = O
        ld d,l
        ld e,h
        call sm_make_x
        ret z                   ; not a move: C kept
        push bc                 ; the move: its flips and cell
        COUNT_NODE              ; the child is a node
        ld a,(two_diff)         ; A = P's disc difference after the move
        add a,b
        add a,b
        inc a
        ld hl,two_other         ; the last square: O plays it if it can (P's discs flip)
        ld c,(hl)
        ld h,mb_board/256
        ld e,d
        ex af,af'               ; (mb_count_flips keeps AF')
        call mb_count_flips
        ex af,af'
        inc b
        dec b
        jr z,eg_two_o_cannot
        sub b
        sub b
        dec a
        jr eg_two_value
eg_two_o_cannot:
        ex af,af'               ; else P if it can
        ld hl,two_o
        ld e,(hl)
        ld h,mb_board/256
        call mb_count_flips
        ex af,af'
        inc b
        dec b
        jr z,eg_two_nobody
        add a,b
        add a,b
        inc a
        jr eg_two_value
eg_two_nobody:
        or a                    ; else nobody: the winner gets the square
        jr z,eg_two_value
        jp p,eg_two_won
        dec a
        dec a
eg_two_won:
        inc a
eg_two_value:
        xor &80                 ; P's value (v + 128)
        pop bc
        push af
        ld hl,two_o
        ld e,(hl)
        call sm_undo_bare
        pop af
        ld hl,two_best          ; a new best?
        cp (hl)
        ret c
        ret z
        ld (hl),a
        ld hl,two_alpha         ; above alpha: a cut-off
        cp (hl)
        ret z
        ret c
        pop hl
        ret

; eg_legal: carry set iff D may play on the empty cell A (sq_legal with its mask, which the
; exact endgame sets once, eg_rays). Keeps DE; trashes AF, AF', C, HL.
eg_legal:
        ld c,a
        ld h,NB_TABLE/256
        ld l,a
        ld a,(hl)
        or a
        ret z                   ; no ray starts on the board (carry clear)
        ld h,mb_board/256
        jp sq_legal
