; startup.asm - takes the machine over after RUN"OTHELLO, and the interrupt handler.
;
; The firmware loads OTHELLO.BIN and jumps to `start` with its interrupt handler running
; (reference 3.1). From the first instruction on the program owns the CPC: its own stack,
; its own IM 1 handler at &0038, both ROMs switched off, mode 1, its own palette and CRTC
; screen address. No firmware routine is called afterwards, so the bundled emulator needs
; no ROM, and the firmware's RAM (&A67C-&BFFF) is free for the stack.
;
; Interrupts: the Gate Array interrupts 300 times a second (reference 4.8). The one that
; falls inside VSYNC (PPI port B bit 0 set) starts a frame: irq_handler scans the keyboard
; (keyboard.asm), counts the frame in frame_counter, takes "move now" off the keyboard
; while the AI runs (advice.asm), runs the chess clock (clock.asm) and the deep search's
; time limit (budget.asm); the other five return at once.

STACK_TOP       equ &C000           ; the stack grows down through the firmware's old RAM
SCREEN          equ &C000           ; screen memory, 16 KB

; Gate Array (port &7Fxx), reference 4.2.
GA_BORDER       equ &10             ; pen select: the border
GA_INK          equ &40             ; + hardware colour: ink of the selected pen
GA_MODE1_NOROM  equ &8D             ; RMR: mode 1, lower and upper ROM off
GA_RAM_NORMAL   equ &C0             ; 6128 RAM configuration 0 (a 464 ignores it)

; Hardware colour numbers (reference 4.3).
HW_BLACK        equ &14
HW_GREEN        equ &16
HW_BRIGHT_WHITE equ &0B
HW_BRIGHT_YELLOW equ &0A

; The four pens of mode 1, as the drawing code uses them.
PEN_BLACK       equ 0               ; background, grid lines, black discs
PEN_BOARD       equ 1               ; the green board, help text
PEN_WHITE       equ 2               ; white discs, text
PEN_HI          equ 3               ; highlight: cursor, last move marker, headings

start:
        di
        ld sp,STACK_TOP
        im 1
        ld bc,&7F00+GA_MODE1_NOROM
        out (c),c
        ld c,GA_RAM_NORMAL
        out (c),c
        ld a,&C3                ; JP irq_handler at the IM 1 entry
        ld (&0038),a
        ld hl,irq_handler
        ld (&0039),hl
        ld hl,palette_dark      ; nothing visible until ui_main has drawn the screen
        call set_palette
        call boot_once          ; the machine's and the screen's set-up (boot.asm)
        call kbd_init
        ld hl,palette_game
        call set_palette
        ei
        jp ui_main

; set_palette: HL = 5 hardware colours: the border, then pens 0..3. Trashes AF, BC, E, HL.
set_palette:
        ld bc,&7F00+GA_BORDER
        out (c),c
        ld a,(hl)
        inc hl
        or GA_INK
        out (c),a
        ld e,0
set_palette_pen:
        out (c),e               ; select pen E
        ld a,(hl)
        inc hl
        or GA_INK
        out (c),a
        inc e
        ld a,e
        cp 4
        jr c,set_palette_pen
        ret

palette_dark:   db HW_BLACK,HW_BLACK,HW_BLACK,HW_BLACK,HW_BLACK
palette_game:   db HW_BLACK,HW_BLACK,HW_GREEN,HW_BRIGHT_WHITE,HW_BRIGHT_YELLOW

; irq_handler: runs at every interrupt (IM 1, RST &38). Keeps every register, and uses
; neither IY nor the alternate registers (the AI may).
irq_handler:
        push af
        ld a,&F5                ; PPI port B (IN A,(n) reads port A * 256 + n)
        in a,(&FF)
        rra
        jr nc,irq_handler_quick ; not the interrupt inside VSYNC: nothing else to keep
        push bc
        push de
        push hl
        push ix
        call kbd_scan
        ld hl,(frame_counter)   ; counted after the scan: a new count means the keys of
        inc hl                  ; this frame have been read
        ld (frame_counter),hl
        call irq_keys
        call clock_tick
        call tm_tick            ; the deep search's time limit (budget.asm)
        pop ix
        pop hl
        pop de
        pop bc
irq_handler_quick:
        pop af
        ei
        ret

; boot_once: boot (boot.asm) unless it has run: start and the first deep search (tt_init)
; call it, whichever comes first; after the search boot.asm's room is cleared. Trashes
; everything.
boot_once:
        ld a,(boot_done)
        or a
        ret nz
        jp boot

; wait_frames: B = frames to wait (1..255), sleeping in HALT. Interrupts must be on.
; Trashes AF, BC.
wait_frames:
wait_frames_next:
        ld a,(frame_counter)
        ld c,a
wait_frames_same:
        halt
        ld a,(frame_counter)
        cp c
        jr z,wait_frames_same
        djnz wait_frames_next
        ret

frame_counter:  dw 0                ; frames since start (the VSYNC interrupts), 16 bits
boot_done:      db 0                ; 1 once boot (boot.asm) has run
