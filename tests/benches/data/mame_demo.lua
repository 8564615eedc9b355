-- Issue 52's level-4 demo in MAME, for the speed ratio against the bundled emulator
-- (docs/benchmarks.md, "Emulator"). MAME boots the disc's BASIC, types run"othello, waits
-- for the program's `ui_ready` byte (its address from the build's symbol file, in the
-- environment as UI_READY, decimal or 0x hex) and then presses the demo's keys at the
-- frames `cpc-othello run --keys '100:ESC 110:L 120:L 130:L 140:P 150:P 170:ESC'` presses
-- them (the bundled emulator starts the program at once and reaches `ui_ready` at frame
-- 50): ESC 50 frames after it, and so on. It prints MAME's own CPU time (os.clock) over the
-- 19 950 frames from `ui_ready` on, saves the last picture as end.png and quits.
local ui_ready = tonumber(os.getenv("UI_READY") or "")
if ui_ready == nil then
  print("FAIL set UI_READY to the address of ui_ready (the build's .json symbol file)")
  os.exit(2)
end
local ram = emu.item(manager.machine.devices[":ram"].items["0/m_pointer"])
local kbd = manager.machine.natkeyboard
local keys = { [50] = "{ESC}", [60] = "L", [70] = "L", [80] = "L", [90] = "P", [100] = "P", [120] = "{ESC}" }
local RUN = 19950
local frame, typed, ready_at, cpu_at = 0, false, nil, nil
emu.register_frame_done(function()
  frame = frame + 1
  if frame == 100 and not typed then
    kbd:post("run\"othello\n")
    typed = true
  end
  if ready_at == nil then
    if frame > 3000 then
      print(string.format("FAIL ui_ready (&%04X) not 1 after 3000 frames: is UI_READY right?", ui_ready))
      io.stdout:flush()
      os.exit(3)
    end
    if typed and ram:read(ui_ready) == 1 then
      ready_at, cpu_at = frame, os.clock()
      print("READY at frame " .. frame)
    end
    return
  end
  local key = keys[frame - ready_at]
  if key then kbd:post_coded(key) end
  if frame - ready_at >= RUN then
    local cpu = os.clock() - cpu_at
    manager.machine.screens[":screen"]:snapshot("end.png")
    print(string.format("FRAMES %d CPU %.3f s: %.0f frames per CPU s", RUN, cpu, RUN / cpu))
    io.stdout:flush()
    os.exit(0)
  end
end)
