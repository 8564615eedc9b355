; keyboard.asm - the keyboard matrix, read through the PSG, and key presses as events.
;
; kbd_scan runs once per frame from the interrupt handler: it reads the 10 lines of the
; matrix (PSG register 14, reference 4.7), keeps them in key_held (1 = held) and adds every
; key that went down since the previous scan to key_new. So a press is never lost, however
; long the main program is busy, and a held key counts once. The two bytes of a line lie side
; by side (key_held + 2 * line, key_new + 2 * line), so the scan walks one pointer: it runs
; in every frame of a search (2.5 % of its time with a pointer each: 9 NOPs a line more).
;
; The main program takes presses out of key_new with kbd_get, which knows only the keys of
; key_table and returns their KEY_ codes. kbd_flush forgets every press not taken yet.
;
; Keys: SPACE next move; ENTER or RETURN (or COPY, or the joystick's fire) play it; the
; cursor keys (or the joystick) move the cursor; ESC the menu; N, C, L, P, H, K, E in the
; menu; H hint, S scores, B take back, F forward in the game; R replay at the game's end and
; in the menu; SPACE, F (held: on and on), B, P in the replay; M move now while the computer
; thinks; X and DEL (or CLR) in the set-up. Only F and R share a matrix line bit with
; joystick 1 (line 6 bits 0-5: F is its fire 1, R its left), the pair that says what they do
; best; a second joystick can press them, and they only move through the record, never
; lose a move.

KBD_LINES       equ 10              ; matrix lines 0..9 (line 9 = joystick 0 and DEL)

KEY_NONE        equ 0
KEY_SPACE       equ 1
KEY_ENTER       equ 2
KEY_UP          equ 3
KEY_DOWN        equ 4
KEY_LEFT        equ 5
KEY_RIGHT       equ 6
KEY_ESC         equ 7
KEY_N           equ 8
KEY_C           equ 9
KEY_L           equ 10
KEY_H           equ 11
KEY_S           equ 12
KEY_B           equ 13
KEY_M           equ 14
KEY_P           equ 15
KEY_K           equ 16
KEY_E           equ 17
KEY_X           equ 18
KEY_DEL         equ 19
KEY_F           equ 20
KEY_R           equ 21

; Matrix line and bit of the keys that the interrupt handler looks at itself (clock.asm).
KM_M_LINE       equ 4
KM_M_BIT        equ &40
KM_ESC_LINE     equ 8
KM_ESC_BIT      equ &04
KM_F_LINE       equ 6               ; F, held in the replay (replay.asm)
KM_F_BIT        equ &20

; key_table: matrix line, bit mask, KEY_ code; kbd_get tries them in this order.
key_table:
        db 5,&80,KEY_SPACE
        db 2,&04,KEY_ENTER          ; RETURN
        db 0,&40,KEY_ENTER          ; ENTER (keypad)
        db 1,&02,KEY_ENTER          ; COPY
        db 9,&10,KEY_ENTER          ; joystick fire 1
        db 0,&01,KEY_UP
        db 0,&04,KEY_DOWN
        db 1,&01,KEY_LEFT
        db 0,&02,KEY_RIGHT
        db 9,&01,KEY_UP             ; joystick
        db 9,&02,KEY_DOWN
        db 9,&04,KEY_LEFT
        db 9,&08,KEY_RIGHT
        db 8,&04,KEY_ESC
        db 5,&40,KEY_N
        db 7,&40,KEY_C
        db 4,&10,KEY_L
        db 5,&10,KEY_H
        db 7,&10,KEY_S
        db 6,&40,KEY_B
        db 4,&40,KEY_M
        db 3,&08,KEY_P
        db 4,&20,KEY_K
        db 7,&04,KEY_E
        db 7,&80,KEY_X
        db 9,&80,KEY_DEL
        db 2,&01,KEY_DEL            ; CLR
        db KM_F_LINE,KM_F_BIT,KEY_F
        db 6,&04,KEY_R
        db &FF                      ; end

; kbd_init: no key held, no press pending. Trashes AF, B, HL.
kbd_init:
        ld hl,key_held
        ld b,2*KBD_LINES
kbd_init_clear:
        ld (hl),0
        inc hl
        djnz kbd_init_clear
        ret

; kbd_scan: reads the matrix into key_held and adds new presses to key_new. Called by the
; interrupt handler. Trashes AF, BC, DE, HL.
kbd_scan:
        ld bc,&F782             ; PPI port A output
        out (c),c
        ld bc,&F40E             ; PSG register 14 ...
        out (c),c
        ld bc,&F6C0             ; ... latched
        out (c),c
        ld bc,&F600
        out (c),c
        ld bc,&F792             ; PPI port A input
        out (c),c
        ld hl,key_held
        ld e,&40                ; PSG read, line 0
kbd_scan_line:
        ld b,&F6                ; (the ports decode B alone)
        out (c),e               ; port C: read the PSG, keyboard line in bits 3-0
        ld b,&F4
        in a,(c)                ; the line, 0 = pressed
        cpl
        or a
        jr z,kbd_scan_none      ; no key of the line held: no new press (most lines)
        ld c,a                  ; C = held now (1 = pressed)
        ld a,(hl)
        cpl
        and c                   ; held now, not at the previous scan
        inc hl
        or (hl)
        ld (hl),a               ; key_new |= new presses
        dec hl
        ld a,c
kbd_scan_none:
        ld (hl),a               ; key_held
        inc hl
        inc hl
        inc e
        ld a,e
        cp &40+KBD_LINES
        jr c,kbd_scan_line
        ld bc,&F782             ; port A output again, PSG inactive
        out (c),c
        ld bc,&F600
        out (c),c
        ret

; kbd_get: A = the KEY_ code of a press not taken yet (key_table order), KEY_NONE if there
; is none; that press is taken. Trashes F, BC, DE, HL.
kbd_get:
        ld hl,key_table
kbd_get_entry:
        ld a,(hl)
        cp &FF
        jr z,kbd_get_none
        add a,a                 ; its line's byte in key_new
        ld e,a
        ld d,0
        inc hl
        ld c,(hl)               ; C = the key's bit
        inc hl
        push hl
        ld hl,key_new
        add hl,de
        di                      ; key_new is shared with the interrupt handler
        ld a,(hl)
        and c
        jr z,kbd_get_not
        ld a,(hl)
        xor c
        ld (hl),a               ; taken
        ei
        pop hl
        ld a,(hl)
        ret
kbd_get_not:
        ei
        pop hl
        inc hl
        jr kbd_get_entry
kbd_get_none:
        xor a
        ret

; kbd_flush: forgets every press not taken yet. Trashes AF, B, HL.
kbd_flush:
        ld hl,key_new
        ld b,KBD_LINES
        di
kbd_flush_clear:
        ld (hl),0
        inc hl
        inc hl
        djnz kbd_flush_clear
        ei
        ret

key_held:       ds 2*KBD_LINES      ; by matrix line: the keys held (1 = held) at + 2 * line,
key_new         equ key_held+1      ; the presses not taken yet at + 2 * line + 1
