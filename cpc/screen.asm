; screen.asm - drawing the board: squares, discs, the move cursor, the A-H and 1-8 labels.
;
; Mode 1 (320 x 200, 4 pens, reference 4.5). Pixel line y starts at
; &C000 + (y / 8) * 80 + (y mod 8) * &800; screen_init puts the 200 line addresses in
; line_table so that drawing can start on any line.
;
; A square is 24 pixels (6 bytes) wide and 20 lines high, which looks square on a CPC
; monitor (mode 1 pixels are about 1.2 times taller than wide). Its top line and left
; column are black grid lines. Every square is a copy of one of six prebuilt images
; (cell_images): empty, black disc, white disc, empty with the cursor frame, and the two
; discs with the yellow last-move dot. screen_init builds them from the disc outline in
; disc_spans, so the shapes are data, not hand-packed bytes.

BOARD_X         equ 2               ; screen byte of the board's left edge
BOARD_Y         equ 16              ; pixel line of its top edge
CELL_W          equ 6               ; bytes per square (24 pixels)
CELL_H          equ 20              ; lines per square
CELL_PIXELS     equ CELL_W*4
CELL_SIZE       equ CELL_W*CELL_H   ; bytes per square image
SCREEN_LINES    equ 200

IMG_EMPTY       equ 0
IMG_BLACK       equ 1               ; = SQ_BLACK
IMG_WHITE       equ 2               ; = SQ_WHITE
IMG_CURSOR      equ 3
IMG_BLACK_LAST  equ 4
IMG_WHITE_LAST  equ 5
IMG_COUNT       equ 6

NO_DISC         equ &FF             ; img_defs: an image without a disc

; img_defs: for each image, the disc's pen (or NO_DISC), the cursor frame (1/0) and the
; last-move dot (1/0).
img_defs:
        db NO_DISC,0,0              ; IMG_EMPTY
        db PEN_BLACK,0,0            ; IMG_BLACK
        db PEN_WHITE,0,0            ; IMG_WHITE
        db NO_DISC,1,0              ; IMG_CURSOR
        db PEN_BLACK,0,1            ; IMG_BLACK_LAST
        db PEN_WHITE,0,1            ; IMG_WHITE_LAST

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

; The last-move dot: 3 x 3 pixels in the disc's middle.
DOT_LINE        equ 9
DOT_PIXEL       equ 11
; The cursor frame: 2 pixels wide inside the grid lines.
FRAME_WIDTH     equ 2

; screen_init: builds line_table and the square images. Trashes everything.
screen_init:
        ld hl,SCREEN
        ld de,line_table
        ld b,SCREEN_LINES
.line:  ld a,l
        ld (de),a
        inc de
        ld a,h
        ld (de),a
        inc de
        ld a,h                  ; next line: +&800 ...
        add a,8
        ld h,a
        jr nc,.same
        push bc                 ; ... or, past line 7 of a character row, the next row
        ld bc,&C050
        add hl,bc
        pop bc
.same:  djnz .line
        ld ix,img_defs
        ld hl,cell_images
        ld b,IMG_COUNT
.img:   push bc
        ld a,(ix+0)
        ld (cb_disc),a
        ld a,(ix+1)
        ld (cb_frame),a
        ld a,(ix+2)
        ld (cb_dot),a
        call build_cell
        inc ix
        inc ix
        inc ix
        pop bc
        djnz .img
        ret

; build_cell: draws the image described by cb_disc, cb_frame, cb_dot at HL (CELL_SIZE bytes).
; Out: HL past it. Trashes AF, BC, DE.
build_cell:
        xor a
        ld (cb_line),a
.line:  xor a
        ld (cb_pixel),a
        ld b,CELL_W
.byte:  push bc
        ld de,0                 ; D, E collect pen bits 0 and 1 of four pixels
        ld b,4
.pixel: push bc
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
        djnz .pixel
        ld a,d                  ; pen bit 0 of pixel p -> byte bit 7-p,
        rlca                    ; pen bit 1 -> byte bit 3-p
        rlca
        rlca
        rlca
        or e
        ld (hl),a
        inc hl
        pop bc
        djnz .byte
        ld a,(cb_line)
        inc a
        ld (cb_line),a
        cp CELL_H
        jr c,.line
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
        jr z,.disc
        ld a,b
        cp 1+FRAME_WIDTH
        jr c,.high
        cp CELL_H-FRAME_WIDTH
        jr nc,.high
        ld a,c
        cp 1+FRAME_WIDTH
        jr c,.high
        cp CELL_PIXELS-FRAME_WIDTH
        jr nc,.high
.disc:  ld a,(cb_disc)
        cp NO_DISC
        jr z,.board
        ld a,b
        sub DISC_TOP
        cp DISC_LINES
        jr nc,.board
        push hl
        ld e,a
        ld d,0
        ld hl,disc_spans
        add hl,de
        add hl,de
        ld a,c
        cp (hl)
        jr c,.outside           ; left of the disc
        inc hl
        ld a,(hl)
        cp c
        jr c,.outside           ; right of it
        pop hl
        ld a,(cb_dot)
        or a
        jr z,.disc_pen
        ld a,b
        sub DOT_LINE
        cp 3
        jr nc,.disc_pen
        ld a,c
        sub DOT_PIXEL
        cp 3
        jr nc,.disc_pen
.high:  ld a,PEN_HI
        ret
.disc_pen:
        ld a,(cb_disc)
        ret
.outside:
        pop hl
.board: ld a,PEN_BOARD
        ret

; line_address_ptr: E = pixel line -> HL = its entry in line_table. Keeps BC, DE.
line_address_ptr:
        push de
        ld l,e
        ld h,0
        add hl,hl
        ld de,line_table
        add hl,de
        pop de
        ret

; clear_rect: fills B bytes x C lines at screen byte D, line E with pen 0. Keeps DE;
; trashes AF, BC, HL.
clear_rect:
        call line_address_ptr
.line:  push bc
        push hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        add a,d
        ld l,a
        jr nc,.fill
        inc h
.fill:  ld (hl),0
        inc hl
        djnz .fill
        pop hl
        inc hl
        inc hl
        pop bc
        dec c
        jr nz,.line
        ret

; draw_square: A = square (0..63), C = image (IMG_...). Keeps A; trashes F, BC, DE, HL, IX.
draw_square:
        push af
        ld b,a
        and 7
        ld e,a
        add a,a
        add a,e
        add a,a                 ; column * CELL_W
        add a,BOARD_X
        ld (ds_x),a
        ld a,b
        rrca
        rrca
        rrca
        and 7
        add a,a
        add a,a
        ld e,a
        add a,a
        add a,a
        add a,e                 ; row * CELL_H
        add a,BOARD_Y
        ld e,a
        call line_address_ptr
        push hl
        pop ix                  ; IX -> the square's first line in line_table
        ld hl,cell_images
        ld de,CELL_SIZE
        ld a,c
        or a
        jr z,.image
.mul:   add hl,de
        dec a
        jr nz,.mul
.image: ld bc,CELL_SIZE
.line:  ld a,(ds_x)
        add a,(ix+0)
        ld e,a
        ld a,(ix+1)
        adc a,0
        ld d,a
        inc ix
        inc ix
        ldi
        ldi
        ldi
        ldi
        ldi
        ldi
        jp pe,.line             ; BC counts down the image: P/V = 0 when it is done
        pop af
        ret

; square_image: A = square -> C = the image it shows now: its disc, with the last-move
; dot on last_move, or the cursor frame on cursor_square while cursor_on. Keeps A;
; trashes F, B, DE, HL.
square_image:
        ld c,a
        ld hl,game_board
        ld e,a
        ld d,0
        add hl,de
        ld a,(hl)
        or a
        jr nz,.disc
        ld a,(cursor_on)
        or a
        jr z,.empty
        ld a,(cursor_square)
        cp c
        jr nz,.empty
        ld a,c
        ld c,IMG_CURSOR
        ret
.empty: ld a,c
        ld c,IMG_EMPTY
        ret
.disc:  ld b,a                  ; SQ_BLACK or SQ_WHITE = IMG_BLACK or IMG_WHITE
        ld a,(last_move)
        cp c
        ld a,c
        ld c,b
        ret nz
        inc c
        inc c
        inc c                   ; IMG_BLACK_LAST or IMG_WHITE_LAST
        ret

; refresh_square: A = square: draws what it shows now. Keeps A; trashes F, BC, DE, HL, IX.
refresh_square:
        call square_image
        jp draw_square

; draw_board: every square. Trashes AF, BC, DE, HL, IX.
draw_board:
        xor a
.square:
        call refresh_square
        inc a
        cp 64
        jr c,.square
        ret

; draw_labels: A-H above the columns, 1-8 left of the rows. Trashes AF, BC, DE, HL, IX.
draw_labels:
        ld a,PEN_WHITE
        call set_pen
        ld de,256*(BOARD_X+2)+BOARD_Y-10
        ld a,'A'
.column:
        push af
        call draw_char
        pop af
        inc d
        inc d
        inc d
        inc d
        inc d
        inc d
        inc a
        cp 'A'+8
        jr c,.column
        ld de,0*256+BOARD_Y+6
        ld a,'1'
.row:   push af
        call draw_char
        pop af
        ld l,a
        ld a,e
        add a,CELL_H
        ld e,a
        ld a,l
        inc a
        cp '1'+8
        jr c,.row
        ret

cb_disc:        db 0                ; build_cell: the image being built
cb_frame:       db 0
cb_dot:         db 0
cb_line:        db 0
cb_pixel:       db 0
ds_x:           db 0                ; draw_square: the square's screen byte
line_table:     ds 2*SCREEN_LINES   ; screen address of each pixel line
cell_images:    ds IMG_COUNT*CELL_SIZE
