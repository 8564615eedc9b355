        org &4000
        db 1                    ; = 01
        assert $ == &4001
        assert end_ - &4000 == 2, "size"
        print "pc is", $, "end", end_     ; print: pc is 16385 end 16386
        print "hello"                      ; print: hello
        db 2                    ; = 02
end_:
