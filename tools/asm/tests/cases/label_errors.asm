twice:  nop
twice:  nop                     ; error: `twice` is defined twice
x       equ 1
x       equ 2                   ; error: `x` is defined twice
y       = 1
y       equ 2                   ; error: `y` is defined twice
        db undefined_one        ; error: undefined symbol `undefined_one`
b       equ 5                   ; error: `b` is a register name
        equ 5                   ; error: `EQU` needs a name
   notalabel                    ; error: unknown instruction `notalabel`
        db @local               ; error: macro-local name
start:  nop
        db low(start.loop)      ; error: undefined symbol `start.loop`
sub:    nop                     ; error: `sub` is a reserved word
  a:    nop                     ; error: `a` is a reserved word
