        org &4000
        db 1
        assert $ == &4001
        assert end_ - &4000 == 2, "size"
        print "pc is", $, "end", end_     ; print: pc is 16385 end 16386
        assert 1 == 2, "one is not two"    ; error: assertion failed: one is not two
        assert 0                           ; error: assertion failed
        db 2
end_:
