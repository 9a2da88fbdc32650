package app

import (
	"errors"
	"strings"
)

// Room codes are 8 characters of Crockford's base 32 (no I, L, O or U), shown as XXXX-XXXX.
// (Temporary home until the signalling package provides them.)

const codeAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// NormalizeRoomCode reads a room code as a player types it.
func NormalizeRoomCode(s string) (string, error) {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		switch r {
		case ' ', '-':
			continue
		case 'I', 'L':
			r = '1'
		case 'O':
			r = '0'
		}
		if !strings.ContainsRune(codeAlphabet, r) {
			return "", errors.New("A room code has 8 letters and digits, like K7QF-9MZT.")
		}
		b.WriteRune(r)
	}
	if b.Len() != 8 {
		return "", errors.New("A room code has 8 letters and digits, like K7QF-9MZT.")
	}
	return b.String(), nil
}

// FormatRoomCode shows a code as XXXX-XXXX.
func FormatRoomCode(code string) string {
	if len(code) == 8 {
		return code[:4] + "-" + code[4:]
	}
	return code
}
