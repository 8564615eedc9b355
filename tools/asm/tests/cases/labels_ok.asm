; Labels with and without colon, local labels, EQU and =, `$`.
        org &4000
start:  db low(start), high(start)      ; = 00 40
first   db low(first)                   ; = 02
  indented: db low(indented)            ; = 03
.loop   db low(.loop)                   ; = 04
        db low(indented.loop)           ; = 04
second: db low(.loop)                   ; = 07
.loop:  db low(.loop), low(second.loop) ; = 07 07
        dw $, $+2                       ; = 09 40 0B 40
        db low(fwd), low(later.x)       ; = 12 13
value   equ 42
other:  equ value+1
v       = 1
v       = v+1
        db value, other, v              ; = 2A 2B 02
fwd     db low($)                       ; = 12
later:
.x      db 0                            ; = 00
MixedCase: db low(mixedcase), low(MIXEDCASE) ; = 14 14
        db low(START)                   ; = 00
        ld a,1 : ld b,2                 ; = 3E 01 06 02
