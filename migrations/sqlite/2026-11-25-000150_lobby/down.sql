DROP TABLE lobby_keys;
DROP TABLE start_window_schools;
DROP TABLE start_windows;
