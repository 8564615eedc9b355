//! Every symbol of the Z80 program that a tool reads, pokes or calls, named once: the rest
//! of the workspace writes `sym::GAME_BOARD`, never the string. The first group is the part of
//! the memory interface of docs/architecture.md ("The game's memory interface") that the tools
//! use; the second, the program's inner variables, routines and constants that the end-to-end
//! tests look at (they move with the sources, so they are read from the symbol file like the
//! rest); the third, the labels of the includes the build generates.
//!
//! Addresses come from the symbol file the build writes, never from a listing.

// The memory interface (docs/architecture.md).
/// `AI_MAX_LEVEL`.
pub const AI_MAX_LEVEL: &str = "AI_MAX_LEVEL";
/// `REPLAY_EVERY`.
pub const REPLAY_EVERY: &str = "REPLAY_EVERY";
/// `REPLAY_FIRST`.
pub const REPLAY_FIRST: &str = "REPLAY_FIRST";
/// `ST_ERROR`.
pub const ST_ERROR: &str = "ST_ERROR";
/// `ST_GAME_OVER`.
pub const ST_GAME_OVER: &str = "ST_GAME_OVER";
/// `ST_HUMAN`.
pub const ST_HUMAN: &str = "ST_HUMAN";
/// `ST_MENU`.
pub const ST_MENU: &str = "ST_MENU";
/// `ST_PASS`.
pub const ST_PASS: &str = "ST_PASS";
/// `ST_REPLAY`.
pub const ST_REPLAY: &str = "ST_REPLAY";
/// `ST_SETUP`.
pub const ST_SETUP: &str = "ST_SETUP";
/// `ST_THINKING`.
pub const ST_THINKING: &str = "ST_THINKING";
/// `ai_abort`.
pub const AI_ABORT: &str = "ai_abort";
/// `ai_board`.
pub const AI_BOARD: &str = "ai_board";
/// `ai_busy`.
pub const AI_BUSY: &str = "ai_busy";
/// `ai_depth`.
pub const AI_DEPTH: &str = "ai_depth";
/// `ai_done_depth`.
pub const AI_DONE_DEPTH: &str = "ai_done_depth";
/// `ai_entry`.
pub const AI_ENTRY: &str = "ai_entry";
/// `ai_level`.
pub const AI_LEVEL: &str = "ai_level";
/// `ai_move`.
pub const AI_MOVE: &str = "ai_move";
/// `ai_nodes`.
pub const AI_NODES: &str = "ai_nodes";
/// `ai_only`.
pub const AI_ONLY: &str = "ai_only";
/// `ai_pv`.
pub const AI_PV: &str = "ai_pv";
/// `ai_pv_len`.
pub const AI_PV_LEN: &str = "ai_pv_len";
/// `ai_score`.
pub const AI_SCORE: &str = "ai_score";
/// `ai_side`.
pub const AI_SIDE: &str = "ai_side";
/// `ai_stopped`.
pub const AI_STOPPED: &str = "ai_stopped";
/// `ai_time`.
pub const AI_TIME: &str = "ai_time";
/// `clock_black`.
pub const CLOCK_BLACK: &str = "clock_black";
/// `clock_enabled`.
pub const CLOCK_ENABLED: &str = "clock_enabled";
/// `clock_side`.
pub const CLOCK_SIDE: &str = "clock_side";
/// `clock_white`.
pub const CLOCK_WHITE: &str = "clock_white";
/// `clock_white_lines`.
pub const CLOCK_WHITE_LINES: &str = "clock_white_lines";
/// `cursor_index`.
pub const CURSOR_INDEX: &str = "cursor_index";
/// `cursor_square`.
pub const CURSOR_SQUARE: &str = "cursor_square";
/// `final_black`.
pub const FINAL_BLACK: &str = "final_black";
/// `final_white`.
pub const FINAL_WHITE: &str = "final_white";
/// `frame_counter`.
pub const FRAME_COUNTER: &str = "frame_counter";
/// `game_board`.
pub const GAME_BOARD: &str = "game_board";
/// `game_corners`.
pub const GAME_CORNERS: &str = "game_corners";
/// `game_level`.
pub const GAME_LEVEL: &str = "game_level";
/// `game_origin`.
pub const GAME_ORIGIN: &str = "game_origin";
/// `game_over`.
pub const GAME_OVER: &str = "game_over";
/// `game_winner`.
pub const GAME_WINNER: &str = "game_winner";
/// `handicap`.
pub const HANDICAP: &str = "handicap";
/// `hint_pv`.
pub const HINT_PV: &str = "hint_pv";
/// `hint_pv_len`.
pub const HINT_PV_LEN: &str = "hint_pv_len";
/// `hint_score`.
pub const HINT_SCORE: &str = "hint_score";
/// `hint_square`.
pub const HINT_SQUARE: &str = "hint_square";
/// `human_colour`.
pub const HUMAN_COLOUR: &str = "human_colour";
/// `last_move`.
pub const LAST_MOVE: &str = "last_move";
/// `legal_count`.
pub const LEGAL_COUNT: &str = "legal_count";
/// `legal_list`.
pub const LEGAL_LIST: &str = "legal_list";
/// `move_number`.
pub const MOVE_NUMBER: &str = "move_number";
/// `play_mode`.
pub const PLAY_MODE: &str = "play_mode";
/// `record_count`.
pub const RECORD_COUNT: &str = "record_count";
/// `record_end`.
pub const RECORD_END: &str = "record_end";
/// `record_list`.
pub const RECORD_LIST: &str = "record_list";
/// `score_list`.
pub const SCORE_LIST: &str = "score_list";
/// `scores_done`.
pub const SCORES_DONE: &str = "scores_done";
/// `scores_on`.
pub const SCORES_ON: &str = "scores_on";
/// `side_to_move`.
pub const SIDE_TO_MOVE: &str = "side_to_move";
/// `start_board`.
pub const START_BOARD: &str = "start_board";
/// `start_side`.
pub const START_SIDE: &str = "start_side";
/// `think_black`.
pub const THINK_BLACK: &str = "think_black";
/// `think_white`.
pub const THINK_WHITE: &str = "think_white";
/// `time_out`.
pub const TIME_OUT: &str = "time_out";
/// `ui_keys`.
pub const UI_KEYS: &str = "ui_keys";
/// `ui_ready`.
pub const UI_READY: &str = "ui_ready";
/// `ui_state`.
pub const UI_STATE: &str = "ui_state";

// Inside the program (cpc/*.asm): what the end-to-end tests and benches look at.
/// `BOARD_X` (cpc/screen.asm).
pub const BOARD_X: &str = "BOARD_X";
/// `BOARD_Y` (cpc/screen.asm).
pub const BOARD_Y: &str = "BOARD_Y";
/// `CELL_H` (cpc/screen.asm).
pub const CELL_H: &str = "CELL_H";
/// `CELL_W` (cpc/screen.asm).
pub const CELL_W: &str = "CELL_W";
/// `EG_NWS_EMPTIES` (cpc/endgame.asm).
pub const EG_NWS_EMPTIES: &str = "EG_NWS_EMPTIES";
/// `EL_LIST` (cpc/search.asm).
pub const EL_LIST: &str = "EL_LIST";
/// `FRAMES` (cpc/search.asm).
pub const FRAMES: &str = "FRAMES";
/// `FR_ALPHA` (cpc/alphabeta.asm).
pub const FR_ALPHA: &str = "FR_ALPHA";
/// `FR_BETA` (cpc/alphabeta.asm).
pub const FR_BETA: &str = "FR_BETA";
/// `FR_DIFF` (cpc/alphabeta.asm).
pub const FR_DIFF: &str = "FR_DIFF";
/// `FR_EMPTY` (cpc/alphabeta.asm).
pub const FR_EMPTY: &str = "FR_EMPTY";
/// `FR_O` (cpc/alphabeta.asm).
pub const FR_O: &str = "FR_O";
/// `FR_P` (cpc/alphabeta.asm).
pub const FR_P: &str = "FR_P";
/// `HW_BLACK` (cpc/startup.asm).
pub const HW_BLACK: &str = "HW_BLACK";
/// `HW_BRIGHT_WHITE` (cpc/startup.asm).
pub const HW_BRIGHT_WHITE: &str = "HW_BRIGHT_WHITE";
/// `HW_BRIGHT_YELLOW` (cpc/startup.asm).
pub const HW_BRIGHT_YELLOW: &str = "HW_BRIGHT_YELLOW";
/// `HW_GREEN` (cpc/startup.asm).
pub const HW_GREEN: &str = "HW_GREEN";
/// `LINE_PITCH` (cpc/panel.asm).
pub const LINE_PITCH: &str = "LINE_PITCH";
/// `LOW_VARS` (cpc/main.asm).
pub const LOW_VARS: &str = "LOW_VARS";
/// `LOW_VARS_END` (cpc/book.asm).
pub const LOW_VARS_END: &str = "LOW_VARS_END";
/// `MODE_COMPUTER` (cpc/ui.asm).
pub const MODE_COMPUTER: &str = "MODE_COMPUTER";
/// `MODE_DEMO` (cpc/ui.asm).
pub const MODE_DEMO: &str = "MODE_DEMO";
/// `MODE_TWO` (cpc/ui.asm).
pub const MODE_TWO: &str = "MODE_TWO";
/// `PANEL_X` (cpc/panel.asm).
pub const PANEL_X: &str = "PANEL_X";
/// `PEN_BLACK` (cpc/startup.asm).
pub const PEN_BLACK: &str = "PEN_BLACK";
/// `PEN_BOARD` (cpc/startup.asm).
pub const PEN_BOARD: &str = "PEN_BOARD";
/// `PEN_HI` (cpc/startup.asm).
pub const PEN_HI: &str = "PEN_HI";
/// `PEN_WHITE` (cpc/startup.asm).
pub const PEN_WHITE: &str = "PEN_WHITE";
/// `PY_BLACK` (cpc/panel.asm).
pub const PY_BLACK: &str = "PY_BLACK";
/// `PY_INFO` (cpc/panel.asm).
pub const PY_INFO: &str = "PY_INFO";
/// `PY_LAST` (cpc/panel.asm).
pub const PY_LAST: &str = "PY_LAST";
/// `PY_LEVEL` (cpc/panel.asm).
pub const PY_LEVEL: &str = "PY_LEVEL";
/// `PY_MENU_CLOCK` (cpc/panel.asm).
pub const PY_MENU_CLOCK: &str = "PY_MENU_CLOCK";
/// `PY_MENU_HANDICAP` (cpc/panel.asm).
pub const PY_MENU_HANDICAP: &str = "PY_MENU_HANDICAP";
/// `PY_MENU_PLAYERS` (cpc/panel.asm).
pub const PY_MENU_PLAYERS: &str = "PY_MENU_PLAYERS";
/// `PY_MSG` (cpc/panel.asm).
pub const PY_MSG: &str = "PY_MSG";
/// `PY_RECORD` (cpc/panel.asm).
pub const PY_RECORD: &str = "PY_RECORD";
/// `PY_TITLE` (cpc/panel.asm).
pub const PY_TITLE: &str = "PY_TITLE";
/// `PY_WHITE` (cpc/panel.asm).
pub const PY_WHITE: &str = "PY_WHITE";
/// `PY_YOU` (cpc/panel.asm).
pub const PY_YOU: &str = "PY_YOU";
/// `RECORD_PER_ROW` (cpc/panel.asm).
pub const RECORD_PER_ROW: &str = "RECORD_PER_ROW";
/// `RECORD_ROWS` (cpc/panel.asm).
pub const RECORD_ROWS: &str = "RECORD_ROWS";
/// `SCORE_CHARS` (cpc/screen.asm).
pub const SCORE_CHARS: &str = "SCORE_CHARS";
/// `SCORE_LINES` (cpc/screen.asm).
pub const SCORE_LINES: &str = "SCORE_LINES";
/// `SCORE_TOP` (cpc/screen.asm).
pub const SCORE_TOP: &str = "SCORE_TOP";
/// `SCREEN` (cpc/startup.asm).
pub const SCREEN: &str = "SCREEN";
/// `SEARCH_RAM` (cpc/search.asm).
pub const SEARCH_RAM: &str = "SEARCH_RAM";
/// `SEARCH_RAM_END` (cpc/search.asm).
pub const SEARCH_RAM_END: &str = "SEARCH_RAM_END";
/// `TT_BASE` (cpc/tt.asm).
pub const TT_BASE: &str = "TT_BASE";
/// `TT_ENTRIES` (cpc/tt.asm).
pub const TT_ENTRIES: &str = "TT_ENTRIES";
/// `TT_INFO` (cpc/tt.asm).
pub const TT_INFO: &str = "TT_INFO";
/// `UNDO_STACK` (cpc/search.asm).
pub const UNDO_STACK: &str = "UNDO_STACK";
/// `WIN` (cpc/alphabeta.asm).
pub const WIN: &str = "WIN";
/// `ZOB_PAGES` (cpc/tt.asm).
pub const ZOB_PAGES: &str = "ZOB_PAGES";
/// `ab_exact` (cpc/alphabeta.asm).
pub const AB_EXACT: &str = "ab_exact";
/// `ai_timer` (cpc/budget.asm).
pub const AI_TIMER: &str = "ai_timer";
/// `black_count` (cpc/board.asm).
pub const BLACK_COUNT: &str = "black_count";
/// `book_count` (book.inc, generated from the weights file: the book's entries).
pub const BOOK_COUNT: &str = "book_count";
/// `book_lookup` (cpc/book.asm).
pub const BOOK_LOOKUP: &str = "book_lookup";
/// `cell_images` (cpc/screen.asm).
pub const CELL_IMAGES: &str = "cell_images";
/// `count_discs` (cpc/board.asm).
pub const COUNT_DISCS: &str = "count_discs";
/// `eg_exact_mode` (cpc/endgame.asm).
pub const EG_EXACT_MODE: &str = "eg_exact_mode";
/// `eg_nws_node` (cpc/endgame.asm).
pub const EG_NWS_NODE: &str = "eg_nws_node";
/// `eg_parity` (cpc/endgame.asm).
pub const EG_PARITY: &str = "eg_parity";
/// `eg_regions` (cpc/endgame.asm).
pub const EG_REGIONS: &str = "eg_regions";
/// `el_init` (cpc/moves.asm).
pub const EL_INIT: &str = "el_init";
/// `flip_count` (cpc/board.asm).
pub const FLIP_COUNT: &str = "flip_count";
/// `flip_list` (cpc/board.asm).
pub const FLIP_LIST: &str = "flip_list";
/// `font_data` (cpc/font.asm).
pub const FONT_DATA: &str = "font_data";
/// `gen_legal` (cpc/board.asm).
pub const GEN_LEGAL: &str = "gen_legal";
/// `irq_handler` (cpc/startup.asm).
pub const IRQ_HANDLER: &str = "irq_handler";
/// `mb_board` (cpc/board.asm).
pub const MB_BOARD: &str = "mb_board";
/// `mb_load` (cpc/board.asm).
pub const MB_LOAD: &str = "mb_load";
/// `pass_move` (cpc/board.asm).
pub const PASS_MOVE: &str = "pass_move";
/// `play_move` (cpc/board.asm).
pub const PLAY_MOVE: &str = "play_move";
/// `program_end` (cpc/main.asm).
pub const PROGRAM_END: &str = "program_end";
/// `score_digits` (cpc/screen.asm).
pub const SCORE_DIGITS: &str = "score_digits";
/// `sr_endgame` (cpc/search.asm).
pub const SR_ENDGAME: &str = "sr_endgame";
/// `sr_exact` (cpc/search.asm).
pub const SR_EXACT: &str = "sr_exact";
/// `sr_mtd_empties` (cpc/mtd.asm).
pub const SR_MTD_EMPTIES: &str = "sr_mtd_empties";
/// `sr_mtd_probes` (cpc/search.asm).
pub const SR_MTD_PROBES: &str = "sr_mtd_probes";
/// `sr_only` (cpc/search.asm).
pub const SR_ONLY: &str = "sr_only";
/// `sr_wld_from` (cpc/search.asm).
pub const SR_WLD_FROM: &str = "sr_wld_from";
/// `start` (cpc/startup.asm).
pub const START: &str = "start";
/// `tm_more` (cpc/budget.asm).
pub const TM_MORE: &str = "tm_more";
/// `tm_soft` (cpc/budget.asm).
pub const TM_SOFT: &str = "tm_soft";
/// `tm_start` (cpc/budget.asm).
pub const TM_START: &str = "tm_start";
/// `tm_start_frame` (cpc/budget.asm).
pub const TM_START_FRAME: &str = "tm_start_frame";
/// `tm_stop` (cpc/budget.asm).
pub const TM_STOP: &str = "tm_stop";
/// `tm_time` (cpc/budget.asm).
pub const TM_TIME: &str = "tm_time";
/// `tt_bank` (cpc/tt.asm).
pub const TT_BANK: &str = "tt_bank";
/// `tt_clear` (cpc/tt_bank.asm).
pub const TT_CLEAR: &str = "tt_clear";
/// `w_squares` (weights.inc, generated from the weights file: the square weights).
pub const W_SQUARES: &str = "w_squares";
/// `white_count` (cpc/board.asm).
pub const WHITE_COUNT: &str = "white_count";

// Written by the build (tools/game/src/program): the generated includes' labels.
/// `w_corner_edge` (weights.inc).
pub const W_CORNER_EDGE: &str = "w_corner_edge";
/// `w_corner_diagonal` (weights.inc).
pub const W_CORNER_DIAGONAL: &str = "w_corner_diagonal";
/// `w_flip_boundary` (weights.inc).
pub const W_FLIP_BOUNDARY: &str = "w_flip_boundary";
/// `w_flip_early` (weights.inc).
pub const W_FLIP_EARLY: &str = "w_flip_early";
/// `w_flip_late` (weights.inc).
pub const W_FLIP_LATE: &str = "w_flip_late";
/// `w_pass_bonus` (weights.inc).
pub const W_PASS_BONUS: &str = "w_pass_bonus";
/// `w_mobility` (weights.inc).
pub const W_MOBILITY: &str = "w_mobility";
/// `w_potential` (weights.inc).
pub const W_POTENTIAL: &str = "w_potential";
/// `W_SEARCH_LEVELS` (weights.inc).
pub const W_SEARCH_LEVELS: &str = "W_SEARCH_LEVELS";
/// `w_level_count` (weights.inc).
pub const W_LEVEL_COUNT: &str = "w_level_count";
/// `w_levels` (weights.inc).
pub const W_LEVELS: &str = "w_levels";
/// `w_level_wld` (weights.inc).
pub const W_LEVEL_WLD: &str = "w_level_wld";
/// `w_level_deepen` (weights.inc).
pub const W_LEVEL_DEEPEN: &str = "w_level_deepen";
/// `book_first_level` (book.inc).
pub const BOOK_FIRST_LEVEL: &str = "book_first_level";
/// `book_max_discs` (book.inc).
pub const BOOK_MAX_DISCS: &str = "book_max_discs";
/// `book_entries` (book.inc).
pub const BOOK_ENTRIES: &str = "book_entries";
