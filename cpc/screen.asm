; screen.asm - drawing the board: squares, discs, the move cursor, the A-H and 1-8 labels.
;
; Mode 1 (320 x 200, 4 pens, reference 4.5). Pixel line y starts at
; &C000 + (y / 8) * 80 + (y mod 8) * &800; screen_init puts the 200 line addresses in
; line_table so that drawing can start on any line.
;
; A square is 24 pixels (6 bytes) wide and 20 lines high, which looks square on a CPC
; monitor (mode 1 pixels are about 1.2 times taller than wide). Its top line and left
; column are black grid lines. Every square is a copy of one of ten prebuilt images
; (cell_images): empty, black disc, white disc; each of them with the yellow cursor frame;
; the two discs with the yellow last-move dot; the yellow hint ring (advice.asm), with
; and without the frame. screen_init builds them from the disc outline in disc_spans, so
; the shapes are data, not hand-packed bytes.
;
; A per-move score (advice.asm) is drawn over an empty square's image in white with a
; 3 x 5 digit font (score_digits), one digit per screen byte: at most six characters
; ("-30064") fit in the 24 pixels.

BOARD_X         equ 2               ; screen byte of the board's left edge
BOARD_Y         equ 16              ; pixel line of its top edge
CELL_W          equ 6               ; bytes per square (24 pixels)
CELL_H          equ 20              ; lines per square
CELL_PIXELS     equ CELL_W*4
CELL_SIZE       equ CELL_W*CELL_H   ; bytes per square image
SCREEN_LINES    equ 200
line_table      equ &0700           ; the screen address of each pixel line: 400 bytes of RAM
                                    ; outside the program, after the undo stack (search.asm's
                                    ; memory map), which no search reaches

IMG_EMPTY       equ 0
IMG_BLACK       equ 1               ; = SQ_BLACK
IMG_WHITE       equ 2               ; = SQ_WHITE
IMG_CURSOR      equ 3               ; + the square's SQ_ value: with the cursor frame
IMG_HINT        equ 6               ; the hint ring on an empty square
IMG_LAST        equ 6               ; + SQ_BLACK or SQ_WHITE: the disc with the last-move dot
IMG_HINT_CURSOR equ 9               ; the hint ring with the cursor frame
IMG_COUNT       equ 10

NO_DISC         equ &FF             ; img_defs: an image without a disc

; The last-move dot: 3 x 3 pixels in the disc's middle.
DOT_LINE        equ 9
DOT_PIXEL       equ 11
; The cursor frame: 2 pixels wide inside the grid lines.
FRAME_WIDTH     equ 2
; The hint ring: the disc's outline, 2 pixels thick.
RING_WIDTH      equ 2
; The per-move score: 5 lines from line SCORE_TOP of the square.
SCORE_TOP       equ 8
SCORE_LINES     equ 5
SCORE_CHARS     equ 6               ; one per screen byte of the square

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
clear_rect_line:
        push bc
        push hl
        ld a,(hl)
        inc hl
        ld h,(hl)
        add a,d
        ld l,a
        jr nc,clear_rect_fill
        inc h
clear_rect_fill:
        ld (hl),0
        inc hl
        djnz clear_rect_fill
        pop hl
        inc hl
        inc hl
        pop bc
        dec c
        jr nz,clear_rect_line
        ret

; square_xy: A = square -> D = the screen byte of its left edge, E = the pixel line of its
; top edge. Keeps A, BC, HL.
square_xy:
        push af
        push bc
        ld b,a
        and 7
        ld e,a
        add a,a
        add a,e
        add a,a                 ; column * CELL_W
        add a,BOARD_X
        ld d,a
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
        pop bc
        pop af
        ret

; draw_square: A = square (0..63), C = image (IMG_...). Keeps A; trashes F, BC, DE, HL, IX.
draw_square:
        push af
        call square_xy
        ld a,d
        ld (ds_x),a
        call line_address_ptr
        push hl
        pop ix                  ; IX -> the square's first line in line_table
        ld hl,cell_images
        ld de,CELL_SIZE
        ld a,c
        or a
        jr z,draw_square_image
draw_square_mul:
        add hl,de
        dec a
        jr nz,draw_square_mul
draw_square_image:
        ld bc,CELL_SIZE
draw_square_line:
        ld a,(ds_x)
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
        jp pe,draw_square_line  ; BC counts down the image: P/V = 0 when it is done
        pop af
        ret

; square_image: A = square -> C = the image it shows now: the cursor frame (over its disc
; or the hint ring) on cursor_square while cursor_on; else a disc, with the last-move dot
; on last_move; else the hint ring on hint_square; else empty. Keeps A; trashes F, B, DE,
; HL.
square_image:
        ld c,a
        ld hl,game_board
        ld e,a
        ld d,0
        add hl,de
        ld b,(hl)               ; B = SQ_ value = IMG_EMPTY, IMG_BLACK or IMG_WHITE
        ld a,(cursor_on)
        or a
        jr z,square_image_no_cursor
        ld a,(cursor_square)
        cp c
        jr nz,square_image_no_cursor
        ld a,b
        or a
        jr nz,square_image_framed
        ld a,(hint_square)
        cp c
        jr nz,square_image_framed
        ld b,IMG_HINT_CURSOR
        jr square_image_done
square_image_framed:
        ld a,b
        add a,IMG_CURSOR
        ld b,a
        jr square_image_done
square_image_no_cursor:
        ld a,b
        or a
        jr z,square_image_empty
        ld a,(last_move)
        cp c
        jr nz,square_image_done
        ld a,b
        add a,IMG_LAST
        ld b,a
        jr square_image_done
square_image_empty:
        ld a,(hint_square)
        cp c
        jr nz,square_image_done
        ld b,IMG_HINT
square_image_done:
        ld a,c
        ld c,b
        ret

; refresh_square: A = square: draws what it shows now, its per-move score included. Keeps
; A; trashes F, BC, DE, HL, IX.
refresh_square:
        call square_image
        call draw_square
        push af
        call score_of           ; advice.asm
        call nc,draw_score
        pop af
        ret

; draw_score: A = square, HL = score: the number in white over the square's image, centred
; on lines SCORE_TOP.. of the square, one digit (3 x 5 pixels, score_digits) per screen
; byte with the byte's first pixel left as it was. Keeps A; trashes F, BC, DE, HL, IX.
draw_score:
        push af
        push af
        ld de,score_text
        call put_int16
        call end_text
        ld hl,score_text
        call text_length
        ld b,a                  ; B = characters
        ld a,SCORE_CHARS
        sub b
        srl a                   ; the first byte: centred
        ld c,a
        pop af
        call square_xy
        ld a,d
        add a,c
        ld d,a
        ld a,e
        add a,SCORE_TOP
        ld e,a
        ld hl,score_text
draw_score_char:
        push bc
        push hl
        push de
        ld a,(hl)
        sub '0'
        jr nc,draw_score_digit
        ld a,10                 ; the minus sign
draw_score_digit:
        ld c,a
        add a,a
        add a,a
        add a,c                 ; 5 rows a glyph
        ld c,a
        ld b,0
        ld ix,score_digits
        add ix,bc
        call line_address_ptr   ; HL -> the entry of line E
        ld b,SCORE_LINES
draw_score_row:
        push bc
        ld a,(hl)
        inc hl
        push hl
        ld h,(hl)
        add a,d
        ld l,a
        jr nc,draw_score_byte
        inc h
draw_score_byte:
        ld a,(ix+0)             ; 3 pixel bits, pixels 1..3 of the byte
        inc ix
        ld c,a
        rlca
        rlca
        rlca
        rlca
        or c
        ld c,a                  ; C = mask of the digit's pixels, both pen bits
        cpl
        and (hl)
        ld b,a
        ld a,c
        and &0F                 ; pen 2 (white): pen bit 1 only
        or b
        ld (hl),a
        pop hl
        inc hl
        pop bc
        djnz draw_score_row
        pop de
        pop hl
        pop bc
        inc d
        inc hl
        djnz draw_score_char
        pop af
        ret

; score_digits: 0-9 and the minus sign, 5 rows of 3 pixels (bit 2 = the left one).
score_digits:
        db 7,5,5,5,7                ; 0
        db 2,6,2,2,7                ; 1
        db 7,1,7,4,7                ; 2
        db 7,1,7,1,7                ; 3
        db 5,5,7,1,1                ; 4
        db 7,4,7,1,7                ; 5
        db 7,4,7,5,7                ; 6
        db 7,1,1,2,2                ; 7
        db 7,5,7,5,7                ; 8
        db 7,5,7,1,7                ; 9
        db 0,0,7,0,0                ; -

; draw_board: every square. Trashes AF, BC, DE, HL, IX.
draw_board:
        xor a
draw_board_square:
        call refresh_square
        inc a
        cp 64
        jr c,draw_board_square
        ret

; draw_labels: A-H above the columns, 1-8 left of the rows. Trashes AF, BC, DE, HL, IX.
draw_labels:
        ld a,PEN_WHITE
        call set_pen
        ld de,256*(BOARD_X+2)+BOARD_Y-10
        ld a,'A'
draw_labels_column:
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
        jr c,draw_labels_column
        ld de,0*256+BOARD_Y+6
        ld a,'1'
draw_labels_row:
        push af
        call draw_char
        pop af
        ld l,a
        ld a,e
        add a,CELL_H
        ld e,a
        ld a,l
        inc a
        cp '1'+8
        jr c,draw_labels_row
        ret

ds_x:           db 0                ; draw_square: the square's screen byte
score_text:     ds 8                ; draw_score: the number
cell_images:    ds IMG_COUNT*CELL_SIZE
