package app

import "brass/signal"

// NormalizeRoomCode reads a room code as a player types it (see signal.NormalizeCode).
func NormalizeRoomCode(s string) (string, error) {
	code, err := signal.NormalizeCode(s)
	if err != nil {
		return "", &Error{Msg: "That is not a room code: " + err.Error() + ".", Err: err}
	}
	return code, nil
}

// FormatRoomCode shows a code as XXXX-XXXX.
func FormatRoomCode(code string) string { return signal.FormatCode(code) }
