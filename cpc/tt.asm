; tt.asm - the transposition table of the deep searches (levels 3 and up): what a search
; learnt about a position, kept for when it meets the position again, later in the same
; search (another move order), in the next stage of the iterative deepening (search.asm) or
; in the next call of ai_entry. It changes only how much is searched, never an answer: a
; value is used only where it settles a node exactly as searching it would (docs/ai.md 5,
; appendix A), and the best move stored with it is tried first.
;
; Keys: 6 bytes per position, the XOR of random keys (zobrist.asm) for each disc, each black
; disc and "white to move". Each frame of alphabeta.asm keeps its position's key (FR_HASH);
; a move's child key is the parent's with the new disc, the flips and the change of side
; XORed in (tt_child_hash), so no key is ever computed from scratch below the root.
;
; The table: TT_ENTRIES slots in nine page-aligned arrays of TT_ENTRIES bytes (TT_BASE), one
; field each, so a field is reached by adding to H. Key byte 0 and the low bit of byte 1
; choose the slot; bytes 1..5 are kept in it and must match (a position with another key in
; the same slot is taken for this one about once in 2^39 probes; the mode and depth must
; match as well).
;
; On a 6128 the table has TTB_ENTRIES slots: eight of its fields fill the second 64 KB's
; block 7 (its last 8 KB when the edge table takes the first half, edgetab.asm), which the
; Gate Array's RAM configuration 1 shows at &C000 in place of the screen (reference 4.2), and
; TT_CHK4 stays in the main RAM (TTB_CHK4). `boot` finds the block
; (tt_bank_detect, boot.asm) and rewrites the page arithmetic below (the tt_p_* immediates)
; for it; the routines select configuration 1 around each access with the interrupts off (the
; interrupt handler draws on the screen) and configuration 0 after, which a 464 ignores. The
; table changes no answer, only how much is searched (docs/ai.md appendix A).
;
;   TT_CHK0..3   key bytes 2..5; TT_CHK4: key byte 1
;   TT_VLO/VHI   the value (biased, alphabeta.asm)
;   TT_INFO      bits 7-6: what the value is (TT_LOWER: the true value is at least it,
;                TT_UPPER: at most it, both: exactly it; 0: an empty slot); bit 5: found
;                by the exact endgame; bits 4-0: the depth left (depth-limited search) or
;                the empty squares (exact endgame)
;   TT_MOVE      the best move's cell
;
; Only nodes far enough from the leaves keep an entry (TT_MIN_DEPTH plies left, or
; TT_MIN_EMPTIES empty squares in the exact endgame): below them the bookkeeping would
; cost more than it saves. A new entry takes its slot whatever the slot held.
;
;   tt_clear        every slot empty (tt_bank.asm, with the 6128's block switching).
;   tt_init         once, before the first search: the key pages (from zobrist.asm, whose
;                   bytes it then clears: they lie in the search RAM), every slot empty.
;   tt_root_hash    the key of the root (mb_board, sr_me to move) into the root frame.
;   tt_child_hash   after frame IX's move: the child's key into the child's frame.
;   tt_pass_hash    after frame IX's pass: the child's key (the side key XORed in).
;   tt_probe        frame IX's slot: the best move (FR_HMOVE) and a value that settles it.
;   tt_store        frame IX's result into its slot.

ZOB_PAGES       equ &0900           ; 6 pages: page k holds byte k of every key (tt_init)
TT_BASE         equ &AC00           ; the table: 9 arrays of TT_ENTRIES bytes, to &BDFF
TT_ENTRIES      equ 512             ; (1 024 before the line tables took the room)
TT_STRIDE       equ TT_ENTRIES      ; bytes between two fields
TT_CHK0         equ TT_BASE
TT_CHK1         equ TT_BASE+(1*TT_STRIDE)
TT_CHK2         equ TT_BASE+(2*TT_STRIDE)
TT_CHK3         equ TT_BASE+(3*TT_STRIDE)
TT_VLO          equ TT_BASE+(4*TT_STRIDE)
TT_VHI          equ TT_BASE+(5*TT_STRIDE)
TT_INFO         equ TT_BASE+(6*TT_STRIDE)
TT_MOVE         equ TT_BASE+(7*TT_STRIDE)
TT_CHK4         equ TT_BASE+(8*TT_STRIDE)   ; key byte 1 (its low bit(s) chose the slot)
TT_END          equ TT_BASE+(9*TT_STRIDE)

TTB_EDGE        equ &C000           ; block 7 in RAM configuration 1: the edge table (6 561
                                    ; bytes, edgetab.asm) if the weights file has one
TTB_BASE        equ &C000+(EDGE_TABLE_PRESENT*&2000)    ; then the 6128's table: 8 fields of
TTB_ENTRIES     equ 2048-(EDGE_TABLE_PRESENT*1024)      ; 1 KB in the last 8 KB, or of 2 KB
TTB_STRIDE      equ TTB_ENTRIES
TTB_CHK0        equ TTB_BASE
TTB_CHK3        equ TTB_BASE+(3*TTB_STRIDE)
TTB_VLO         equ TTB_BASE+(4*TTB_STRIDE)
TTB_INFO        equ TTB_BASE+(6*TTB_STRIDE)
TTB_MOVE        equ TTB_BASE+(7*TTB_STRIDE)
TTB_CHK4        equ TT_BASE         ; in the main RAM, where the 464's table lies
GA_RAM_TABLE    equ &C1             ; RAM configuration 1: block 7 at &C000

TT_LOWER        equ &80             ; TT_INFO: the value is a lower bound
TT_UPPER        equ &40             ; an upper bound (both: exact)
TT_EXACT_MODE   equ &20             ; found by the exact endgame
TT_DEPTH_BITS   equ &1F
TT_MIN_DEPTH    equ 2               ; depth-limited search: nodes with at least 2 plies left
TT_MIN_EMPTIES  equ 8               ; exact endgame: nodes with at least 8 empty squares (7:
                                    ; 1 % slower, most such nodes are eg_nws's, which keep none,
                                    ; yet each got its key; docs/benchmarks-history.md)

; tt_init: the key pages (the disc key of each square at its cell, the black key at cell +
; 128, the side key at cell 0, which no disc uses) and an empty table. Trashes AF, BC, DE,
; HL, IX.
tt_init:
        call boot_once          ; a search before start: boot first, for it lies in the room
                                ; cleared below (boot.asm)
        call tt_keys            ; the key pages (boot.asm, in the room cleared below)
        call edge_install       ; the 6128's edge table (edgetab.asm, in that room too)
        ld hl,zob_disc          ; the keys' source lies in the search RAM (main.asm): left
        ld de,zob_disc+1        ; zero, as the rest of it is before the first search
        ld bc,image_end-zob_disc-1
        ld (hl),0
        ldir
        call tt_clear
        ld a,1
        ld (tt_ready),a
        ret

; tt_xor: XORs the key at offset E of the key pages (a cell: its disc key; cell + 128: its
; black key; 0: the side key) into the 6 bytes at HL. Keeps BC, E, HL; trashes AF, D.
tt_xor:
        ld d,ZOB_PAGES/256
        ld a,(de)
        xor (hl)
        ld (hl),a
        inc hl
        inc d
        ld a,(de)
        xor (hl)
        ld (hl),a
        inc hl
        inc d
        ld a,(de)
        xor (hl)
        ld (hl),a
        inc hl
        inc d
        ld a,(de)
        xor (hl)
        ld (hl),a
        inc hl
        inc d
        ld a,(de)
        xor (hl)
        ld (hl),a
        inc hl
        inc d
        ld a,(de)
        xor (hl)
        ld (hl),a
        dec hl
        dec hl
        dec hl
        dec hl
        dec hl
        ret

; tt_root_hash: the key of the position on mb_board with sr_me to move, into the root frame
; (FRAMES). A disc key stands for the disc and a change of side (tt_child_hash adds one per
; move), so the side key goes in once for every disc and once more when white is to move.
; Trashes AF, BC, DE, HL.
tt_root_hash:
        ld hl,FRAMES+FR_HASH
        ld b,6
tt_root_hash_clear:
        ld (hl),0
        inc hl
        djnz tt_root_hash_clear
        ld hl,FRAMES+FR_HASH
        ld a,(sr_me)
        cp SQ_WHITE
        ld b,0                  ; B bit 0: the side key goes in
        jr nz,tt_root_hash_cells
        inc b
tt_root_hash_cells:
        ld c,MB_FIRST
tt_root_hash_cell:
        push hl
        ld h,mb_board/256
        ld l,c
        ld a,(hl)
        pop hl
        dec a
        cp 2
        jr nc,tt_root_hash_next ; empty or frame
        inc b                   ; one more disc: the side key once more
        push af                 ; A = 0: black, 1: white
        ld e,c
        call tt_xor
        pop af
        or a
        jr nz,tt_root_hash_next
        set 7,e                 ; a black disc: its black key too
        call tt_xor
tt_root_hash_next:
        inc c
        ld a,c
        cp MB_END
        jr c,tt_root_hash_cell
        bit 0,b
        ret z
        ld e,0
        jp tt_xor

; tt_child_hash: after frame IX played FR_MOVE (sm_make or sm_make_x: the move is on top of
; the undo stack at IY), the child's key: ours with the new disc, its black key if black
; moved, and the black key of each flipped disc (a flip changes its colour). Trashes AF,
; BC, DE, HL.
tt_child_hash:
        call tt_copy_key
        ld e,(ix+FR_MOVE)
        call tt_xor
        ld a,(ix+FR_P)
        cp SQ_BLACK
        jr nz,tt_child_hash_flips
        set 7,e
        call tt_xor
tt_child_hash_flips:
        push iy
        pop bc
        dec bc
        dec bc                  ; BC -> the number of flips, the flipped cells below it
        ld a,(bc)
tt_child_hash_flip:
        dec bc
        push af
        ld a,(bc)
        or 128
        ld e,a
        call tt_xor
        pop af
        dec a
        jr nz,tt_child_hash_flip
        ret

; tt_pass_hash: frame IX's side passes: the child's key is ours with the side key XORed in.
; Trashes AF, BC, DE, HL.
tt_pass_hash:
        call tt_copy_key
        ld e,0
        jp tt_xor

; tt_copy_key: the child frame's key = frame IX's. Out: HL -> the child's key. Trashes AF,
; BC, DE.
tt_copy_key:
        push ix
        pop hl
        ld bc,FR_HASH
        add hl,bc
        ld d,h
        ld e,l
        ld bc,FR_SIZE
        ex de,hl
        add hl,bc
        ex de,hl                ; HL -> our key, DE -> the child's
        ldi
        ldi
        ldi
        ldi
        ldi
        ldi
        ex de,hl
        ld bc,-6
        add hl,bc
        ret

; tt_keeps: carry set iff frame IX is a node that keeps an entry (TT_MIN_DEPTH plies left,
; or TT_MIN_EMPTIES empty squares in the exact endgame). Trashes AF.
tt_keeps:
        ld a,(ab_exact)
        or a
        jr nz,tt_keeps_exact
        ld a,(ix+FR_DEPTH)
        cp TT_MIN_DEPTH
        ccf
        ret
tt_keeps_exact:
        ld a,(ix+FR_EMPTY)
        cp TT_MIN_EMPTIES
        ccf
        ret

; tt_slot: HL -> frame IX's slot in TT_INFO. Trashes AF.
tt_slot:
        ld l,(ix+FR_HASH)
        ld a,(ix+FR_HASH+1)
tt_p_slot_mask:
        and (TT_ENTRIES/256)-1
tt_p_slot_info:
        add a,TT_INFO/256
        ld h,a
        ret

; tt_match: HL -> a slot in TT_INFO: Z iff its check bytes are frame IX's key bytes 1..5.
; HL is left in TT_CHK4. Trashes AF.
tt_match:
        ld a,h
tt_p_match_chk0:
        sub (TT_INFO-TT_CHK0)/256
        ld h,a
        ld a,(ix+FR_HASH+2)
        cp (hl)
        ret nz
        ld a,h
tt_p_match_chk1:
        add a,TT_STRIDE/256
        ld h,a
        ld a,(ix+FR_HASH+3)
        cp (hl)
        ret nz
        ld a,h
tt_p_match_chk2:
        add a,TT_STRIDE/256
        ld h,a
        ld a,(ix+FR_HASH+4)
        cp (hl)
        ret nz
        ld a,h
tt_p_match_chk3:
        add a,TT_STRIDE/256
        ld h,a
        ld a,(ix+FR_HASH+5)
        cp (hl)
        ret nz
        ld a,h
tt_p_match_chk4:
        add a,(TT_CHK4-TT_CHK3)/256
        ld h,a
        ld a,(ix+FR_HASH+1)
        cp (hl)
        ret

; tt_probe: frame IX (its window set) looks itself up. FR_HMOVE = the stored best move's
; cell (0: none). Out: carry set when the stored value settles the node (fail-soft, as
; searching it would): then HL = that value (biased). A value inside the window is never
; used, so that the node still finds its principal variation (docs/ai.md 6.1).
; Trashes AF, BC, DE, HL.
tt_probe:
        ld (ix+FR_HMOVE),0
        call tt_keeps
        ret nc
        call tt_slot
        ld bc,&7F00+GA_RAM_TABLE
        di
        out (c),c
        ld a,(hl)
        or a
        jp z,tt_bank_off        ; an empty slot (carry clear)
        ld c,a                  ; C = its info
        call tt_match
        jr nz,tt_probe_miss
        ld a,h
tt_p_probe_move:
        sub (TT_CHK4-TT_MOVE)/256
        ld h,a
        ld a,(hl)
        ld (ix+FR_HMOVE),a
        ld a,(ab_exact)         ; the same mode, and in the depth-limited search the same depth
        or a
        jr z,tt_probe_depth
        bit 5,c
        jr nz,tt_probe_value
        ld (ix+FR_HMOVE),0      ; nor a depth-limited stage's move in the exact endgame: the
        jr tt_probe_miss        ; fastest-first keys order it better (docs/ai.md appendix A)
tt_probe_depth:
        bit 5,c
        jr nz,tt_probe_miss
        ld a,c
        and TT_DEPTH_BITS
        cp (ix+FR_DEPTH)
        jr nz,tt_probe_miss
tt_probe_value:
        ld a,h
tt_p_probe_vlo:
        sub (TT_MOVE-TT_VLO)/256
        ld h,a
        ld e,(hl)
        ld a,h
tt_p_probe_vhi:
        add a,TT_STRIDE/256
        ld h,a
        ld d,(hl)               ; DE = the value
        bit 7,c
        jr z,tt_probe_upper
        ld l,(ix+FR_BETA)       ; at least it: settled if it is >= beta
        ld h,(ix+FR_BETA+1)
        ld a,e
        sub l
        ld a,d
        sbc a,h
        jr nc,tt_probe_settled
tt_probe_upper:
        bit 6,c
        jr z,tt_probe_miss
        ld l,(ix+FR_ALPHA)      ; at most it: settled if it is <= alpha
        ld h,(ix+FR_ALPHA+1)
        ld a,l
        sub e
        ld a,h
        sbc a,d
        jr nc,tt_probe_settled
tt_probe_miss:
        or a
        jp tt_bank_off
tt_probe_settled:
        ex de,hl
        scf
        jp tt_bank_off

; tt_store: frame IX's result (FR_BEST, its move FR_BMOVE; the window it was searched with:
; FR_ALPHA0, FR_BETA) into its slot, whatever the slot held: the newest entry is the most
; likely to be met again (measured: keeping the deeper of two entries instead costs 5 % in
; the exact endgame). Trashes AF, BC, DE, HL.
tt_store:
        call tt_keeps
        ret nc
        ld bc,&7F00+GA_RAM_TABLE
        di
        out (c),c
        ld a,(ab_exact)         ; B = the new info without the bound bits
        or a
        jr z,tt_store_depth
        ld a,(ix+FR_EMPTY)
        or TT_EXACT_MODE
        jr tt_store_info
tt_store_depth:
        ld a,(ix+FR_DEPTH)
tt_store_info:
        ld b,a
        call tt_slot
        ld e,(ix+FR_BEST)       ; the bound: best <= alpha0: at most; best >= beta: at
        ld d,(ix+FR_BEST+1)     ; least; in between: exact
        ld c,TT_LOWER+TT_UPPER
        ld a,(ix+FR_ALPHA0)
        sub e
        ld a,(ix+FR_ALPHA0+1)
        sbc a,d
        jr c,tt_store_above
        ld c,TT_UPPER
        jr tt_store_bound
tt_store_above:
        ld a,e
        sub (ix+FR_BETA)
        ld a,d
        sbc a,(ix+FR_BETA+1)
        jr c,tt_store_bound
        ld c,TT_LOWER
tt_store_bound:
        ld a,b
        or c
        ld (hl),a               ; TT_INFO
        ld a,h
tt_p_store_chk0:
        sub (TT_INFO-TT_CHK0)/256
        ld h,a
        ld a,(ix+FR_HASH+2)
        ld (hl),a
        ld a,h
tt_p_store_chk1:
        add a,TT_STRIDE/256
        ld h,a
        ld a,(ix+FR_HASH+3)
        ld (hl),a
        ld a,h
tt_p_store_chk2:
        add a,TT_STRIDE/256
        ld h,a
        ld a,(ix+FR_HASH+4)
        ld (hl),a
        ld a,h
tt_p_store_chk3:
        add a,TT_STRIDE/256
        ld h,a
        ld a,(ix+FR_HASH+5)
        ld (hl),a
        ld a,h
tt_p_store_chk4:
        add a,(TT_CHK4-TT_CHK3)/256
        ld h,a
        ld a,(ix+FR_HASH+1)
        ld (hl),a               ; TT_CHK4
        ld a,h
tt_p_store_vlo:
        sub (TT_CHK4-TT_VLO)/256
        ld h,a
        ld (hl),e               ; TT_VLO
        ld a,h
tt_p_store_vhi:
        add a,TT_STRIDE/256
        ld h,a
        ld (hl),d               ; TT_VHI
        ld a,h
tt_p_store_move:
        add a,2*TT_STRIDE/256
        ld h,a
        ld a,(ix+FR_BMOVE)
        ld (hl),a               ; TT_MOVE
        jp tt_bank_off

; tt_first: frame IX's list with its stored best move (FR_HMOVE, if it is in the list) at
; the front, searched first. Trashes AF, B, DE, HL.
tt_first:
        ld (ix+FR_HFIRST),0
        ld a,(ix+FR_HMOVE)
        or a
        ret z
        ld b,(ix+FR_N)
        push ix
        pop hl
        ld de,FR_LIST
        add hl,de
        ld e,l
        ld d,h                  ; DE -> entry 0
tt_first_find:
        cp (hl)
        jr z,tt_first_found
        inc hl
        inc hl
        djnz tt_first_find
        ret                     ; not a legal move here (cannot happen unless keys collide)
tt_first_found:
        ld a,(de)               ; swap it with entry 0, keys too (ab_select_depth reads
        ld (hl),a               ; them); ab_pick takes entry 0 first
        ld a,(ix+FR_HMOVE)
        ld (de),a
        inc hl
        inc de
        ld a,(de)
        ld b,(hl)
        ld (hl),a
        ld a,b
        ld (de),a
        ld (ix+FR_HFIRST),1
        ret

tt_ready:       db 0                ; 1 once tt_init has run (ai_entry)
tt_bank:        db 0                ; non-zero: the 6128's table (tt_bank_detect, boot.asm)
tt_select:      db 0                ; the selectivity the entries were found with (sr_deep)
