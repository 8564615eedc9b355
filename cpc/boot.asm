; boot.asm - what `start` (startup.asm) runs once and never again: the CRTC and PSG set-up
; and the screen's tables (line_table, the square images). It lies after the program's end,
; with the table's random keys (main.asm), in the room of the search's frames, which the
; first deep search clears (tt_init): on a CPC `start` runs first; should a deep search come
; first (a test harness calls ai_entry on a machine whose program has not started), tt_init
; runs boot before it clears the room, and `start` then finds it done. The room it frees in the program
; holds the exact endgame's last squares (last_moves.asm).

; boot: the CRTC, the PSG, the table's block on a 6128, the screen's tables; boot_done = 1.
; Trashes everything.
boot:
        call init_crtc
        call init_psg
        call tt_bank_detect
        call screen_init
        ld a,1
        ld (boot_done),a
        ret

; tt_keys: the key pages of the transposition table (tt.asm ZOB_PAGES) from zobrist.asm's
; keys: the disc key of each square at its cell, the black key at cell + 128, the side key at
; cell 0, which no disc uses. Run once, by tt_init, before it clears this room. Trashes AF,
; BC, DE, HL, IX.
tt_keys:
        ld ix,sq_to_mb
        ld hl,zob_disc
        ld de,zob_black
        ld c,64
tt_init_square:
        push bc
        ld c,(ix+0)             ; C = the square's cell
        ld b,ZOB_PAGES/256      ; BC -> byte 0 of its disc key
tt_init_byte:
        ld a,(hl)
        ld (bc),a
        inc hl
        set 7,c
        ld a,(de)
        ld (bc),a               ; the black key at cell + 128
        res 7,c
        inc de
        inc b
        ld a,b
        cp (ZOB_PAGES/256)+6
        jr nz,tt_init_byte
        inc ix
        pop bc
        dec c
        jr nz,tt_init_square
        ld hl,zob_side          ; the side key at cell 0
        ld bc,ZOB_PAGES
tt_init_side:
        ld a,(hl)
        ld (bc),a
        inc hl
        inc b
        ld a,b
        cp (ZOB_PAGES/256)+6
        jr nz,tt_init_side
        ret

; tt_bank_detect: on a machine with a second 64 KB (a 6128: RAM configuration 1 shows
; block 7 at &C000 instead of the screen; a 464 ignores the configuration) the transposition
; table goes there: the tt_p_* immediates of tt.asm get the 6128's page arithmetic and
; tt_bank = 1 (the scene's test, reference 4.2: a byte written at &C000 in configuration 1
; must not show in configuration 0). The screen's byte is put back. Keeps the interrupt
; state. Trashes AF, BC, DE, HL.
tt_bank_detect:
        ld a,i                  ; P/V = the interrupts' state
        push af
        di
        ld hl,SCREEN
        ld e,(hl)
        ld (hl),&55
        ld bc,&7F00+GA_RAM_TABLE
        out (c),c
        ld (hl),&AA             ; block 7, or the screen again on a 464
        ld c,GA_RAM_NORMAL
        out (c),c
        ld a,(hl)
        ld (hl),e
        cp &55
        jr nz,tt_bank_detect_done
        ld (tt_bank),a          ; non-zero: the 6128's table
        ld hl,tt_patches
        ld b,TT_PATCH_COUNT
tt_bank_detect_patch:
        ld e,(hl)
        inc hl
        ld d,(hl)
        inc hl
        ld a,(hl)
        inc hl
        ld (de),a
        djnz tt_bank_detect_patch
tt_bank_detect_done:
        pop af
        ret po                  ; they were off
        ei
        ret

; tt_patches: each tt_p_* immediate of tt.asm and its value for the 6128's table (TTB_*): the
; pages of its fields, its slot mask (key byte 1's low 2 bits, 3 without the edge table) and
; its size.
tt_patches:
        dw tt_p_clear_info+2
        db TTB_INFO/256
        dw tt_p_clear_pages+1
        db 8*(TTB_ENTRIES/256)
        dw tt_p_slot_mask+1
        db (TTB_ENTRIES/256)-1
        dw tt_p_slot_info+1
        db TTB_INFO/256
        dw tt_p_match_chk0+1
        db (TTB_INFO-TTB_CHK0)/256
        dw tt_p_match_chk1+1
        db TTB_STRIDE/256
        dw tt_p_match_chk2+1
        db TTB_STRIDE/256
        dw tt_p_match_chk3+1
        db TTB_STRIDE/256
        dw tt_p_match_chk4+1
        db (TTB_CHK4/256)-(TTB_CHK3/256)
        dw tt_p_probe_move+1
        db (TTB_CHK4/256)-(TTB_MOVE/256)
        dw tt_p_probe_vlo+1
        db (TTB_MOVE-TTB_VLO)/256
        dw tt_p_probe_vhi+1
        db TTB_STRIDE/256
        dw tt_p_store_chk0+1
        db (TTB_INFO-TTB_CHK0)/256
        dw tt_p_store_chk1+1
        db TTB_STRIDE/256
        dw tt_p_store_chk2+1
        db TTB_STRIDE/256
        dw tt_p_store_chk3+1
        db TTB_STRIDE/256
        dw tt_p_store_chk4+1
        db (TTB_CHK4/256)-(TTB_CHK3/256)
        dw tt_p_store_vlo+1
        db (TTB_CHK4/256)-(TTB_VLO/256)
        dw tt_p_store_vhi+1
        db TTB_STRIDE/256
        dw tt_p_store_move+1
        db 2*TTB_STRIDE/256
tt_patches_end:
TT_PATCH_COUNT  equ (tt_patches_end-tt_patches)/3

; init_crtc: screen memory at &C000 with no hardware scroll (R12 = &30, R13 = 0); the other
; registers keep the firmware's values (reference 4.4). Trashes BC.
init_crtc:
        ld bc,&BC0C
        out (c),c
        ld bc,&BD30
        out (c),c
        ld bc,&BC0D
        out (c),c
        ld bc,&BD00
        out (c),c
        ret

; init_psg: PPI ports A and C as outputs, then PSG register 7 = &3F: all sound off and the
; PSG's port A an input, which the keyboard scan needs (reference 4.7). Trashes BC.
init_psg:
        ld bc,&F782
        out (c),c
        ld bc,&F407             ; register 7
        out (c),c
        ld bc,&F6C0             ; latch the register number
        out (c),c
        ld bc,&F600
        out (c),c
        ld bc,&F43F             ; the value
        out (c),c
        ld bc,&F680             ; write it
        out (c),c
        ld bc,&F600
        out (c),c
        ret

; img_defs: for each image, the disc's pen (or NO_DISC), the cursor frame (1/0), the
; last-move dot (1/0) and the hint ring (1/0).
img_defs:
        db NO_DISC,0,0,0            ; IMG_EMPTY
        db PEN_BLACK,0,0,0          ; IMG_BLACK
        db PEN_WHITE,0,0,0          ; IMG_WHITE
        db NO_DISC,1,0,0            ; IMG_CURSOR
        db PEN_BLACK,1,0,0          ; IMG_CURSOR + SQ_BLACK
        db PEN_WHITE,1,0,0          ; IMG_CURSOR + SQ_WHITE
        db NO_DISC,0,0,1            ; IMG_HINT
        db PEN_BLACK,0,1,0          ; IMG_LAST + SQ_BLACK
        db PEN_WHITE,0,1,0          ; IMG_LAST + SQ_WHITE
        db NO_DISC,1,0,1            ; IMG_HINT_CURSOR

; The disc: first and last pixel of each of its 15 lines, square lines 3..17; an ellipse
; 19 pixels wide and 15 lines high around pixel 12, line 10.
DISC_TOP        equ 3
DISC_LINES      equ 15
disc_spans:
        db 9,15                     ; .........#######........
        db 7,17                     ; .......###########......
        db 5,19                     ; .....###############....
        db 4,20                     ; ....#################...
        db 4,20
        db 3,21                     ; ...###################..
        db 3,21
        db 3,21
        db 3,21
        db 3,21
        db 4,20
        db 4,20
        db 5,19
        db 7,17
        db 9,15

; screen_init: builds line_table and the square images. Trashes everything.
screen_init:
        ld hl,SCREEN
        ld de,line_table
        ld b,SCREEN_LINES
screen_init_line:
        ld a,l
        ld (de),a
        inc de
        ld a,h
        ld (de),a
        inc de
        ld a,h                  ; next line: +&800 ...
        add a,8
        ld h,a
        jr nc,screen_init_same
        push bc                 ; ... or, past line 7 of a character row, the next row
        ld bc,&C050
        add hl,bc
        pop bc
screen_init_same:
        djnz screen_init_line
        ld ix,img_defs
        ld hl,cell_images
        ld b,IMG_COUNT
screen_init_img:
        push bc
        ld a,(ix+0)
        ld (cb_disc),a
        ld a,(ix+1)
        ld (cb_frame),a
        ld a,(ix+2)
        ld (cb_dot),a
        ld a,(ix+3)
        ld (cb_ring),a
        call build_cell
        ld de,4
        add ix,de
        pop bc
        djnz screen_init_img
        ret

; build_cell: draws the image described by cb_disc, cb_frame, cb_dot at HL (CELL_SIZE bytes).
; Out: HL past it. Trashes AF, BC, DE.
build_cell:
        xor a
        ld (cb_line),a
build_cell_line:
        xor a
        ld (cb_pixel),a
        ld b,CELL_W
build_cell_byte:
        push bc
        ld de,0                 ; D, E collect pen bits 0 and 1 of four pixels
        ld b,4
build_cell_pixel:
        push bc
        push de
        call cell_pen
        pop de
        pop bc
        rra
        rl d
        rra
        rl e
        ld a,(cb_pixel)
        inc a
        ld (cb_pixel),a
        djnz build_cell_pixel
        ld a,d                  ; pen bit 0 of pixel p -> byte bit 7-p,
        rlca                    ; pen bit 1 -> byte bit 3-p
        rlca
        rlca
        rlca
        or e
        ld (hl),a
        inc hl
        pop bc
        djnz build_cell_byte
        ld a,(cb_line)
        inc a
        ld (cb_line),a
        cp CELL_H
        jr c,build_cell_line
        ret

; cell_pen: A = the pen of pixel cb_pixel on line cb_line of the image being built.
; Keeps HL; trashes F, BC, DE.
cell_pen:
        ld a,(cb_line)
        ld b,a
        ld a,(cb_pixel)
        ld c,a
        ld a,b
        or a
        ret z                   ; the grid line on top (pen 0)
        ld a,c
        or a
        ret z                   ; the grid line on the left
        ld a,(cb_frame)
        or a
        jr z,cell_pen_disc
        ld a,b
        cp 1+FRAME_WIDTH
        jr c,cell_pen_high
        cp CELL_H-FRAME_WIDTH
        jr nc,cell_pen_high
        ld a,c
        cp 1+FRAME_WIDTH
        jr c,cell_pen_high
        cp CELL_PIXELS-FRAME_WIDTH
        jr nc,cell_pen_high
cell_pen_disc:
        ld a,(cb_disc)
        cp NO_DISC
        jr nz,cell_pen_shape
        ld a,(cb_ring)
        or a
        jr z,cell_pen_board
cell_pen_shape:
        ld a,b
        sub DISC_TOP
        cp DISC_LINES
        jr nc,cell_pen_board
        push hl
        ld e,a
        ld d,0
        ld hl,disc_spans
        add hl,de
        add hl,de
        ld a,c
        cp (hl)
        jr c,cell_pen_outside   ; left of the disc
        inc hl
        ld a,(hl)
        cp c
        jr c,cell_pen_outside   ; right of it
        ld a,(cb_disc)
        cp NO_DISC
        jr z,cell_pen_ring
        pop hl
        ld a,(cb_dot)
        or a
        jr z,cell_pen_disc_pen
        ld a,b
        sub DOT_LINE
        cp 3
        jr nc,cell_pen_disc_pen
        ld a,c
        sub DOT_PIXEL
        cp 3
        jr nc,cell_pen_disc_pen
cell_pen_high:
        ld a,PEN_HI
        ret
cell_pen_disc_pen:
        ld a,(cb_disc)
        ret
cell_pen_ring:
        ld a,b                  ; inside the outline: on the ring?
        sub DISC_TOP
        cp RING_WIDTH
        jr c,cell_pen_ring_on   ; its top lines
        cp DISC_LINES-RING_WIDTH
        jr nc,cell_pen_ring_on  ; its bottom lines
        dec hl
        ld a,(hl)               ; the line's first pixel
        add a,RING_WIDTH
        cp c
        jr z,cell_pen_ring_off
        jr nc,cell_pen_ring_on  ; c < first + RING_WIDTH
cell_pen_ring_off:
        inc hl
        ld a,(hl)               ; the last pixel
        sub RING_WIDTH
        cp c
        jr c,cell_pen_ring_on   ; c > last - RING_WIDTH
cell_pen_outside:
        pop hl
cell_pen_board:
        ld a,PEN_BOARD
        ret
cell_pen_ring_on:
        pop hl
        ld a,PEN_HI
        ret

cb_disc:        db 0                ; build_cell: the image being built
cb_frame:       db 0
cb_dot:         db 0
cb_ring:        db 0
cb_line:        db 0
cb_pixel:       db 0
