package app

import (
	"errors"
	"strings"
)

// An own-pace game's invitation is a secret of mailroom.InvitationSize bytes (16: 128 bits,
// which nobody can guess, not even the mailbox that knows the game's id, a hash of its key),
// written in the room codes' alphabet (Crockford's base32: no I, L, O or U, read as 1, 1, 0
// and V) as 26 characters in groups of four. A live room's code has 8: the length tells the
// two apart, so a join link and the join field take either.

const invitationAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// InvitationLength is the number of characters of an invitation code.
const InvitationLength = 26

// errBadInvitation is every malformed invitation's error.
var errBadInvitation = errors.New("an invitation is 26 letters and digits")

// EncodeInvitation writes an invitation's secret as a code (without the dashes).
func EncodeInvitation(secret []byte) string {
	var b strings.Builder
	var acc, bits uint
	for _, c := range secret {
		acc, bits = acc<<8|uint(c), bits+8
		for bits >= 5 {
			b.WriteByte(invitationAlphabet[acc>>(bits-5)&31])
			bits -= 5
		}
	}
	if bits > 0 {
		b.WriteByte(invitationAlphabet[acc<<(5-bits)&31])
	}
	return b.String()
}

// ParseInvitation reads a code as a player types or pastes it: case, spaces and dashes do
// not matter, I and L read as 1, O as 0, U as V.
func ParseInvitation(s string) ([]byte, error) {
	var digits []byte
	for _, r := range strings.ToUpper(s) {
		switch r {
		case ' ', '-':
			continue
		case 'I', 'L':
			r = '1'
		case 'O':
			r = '0'
		case 'U':
			r = 'V'
		}
		k := strings.IndexRune(invitationAlphabet, r)
		if k < 0 || len(digits) >= InvitationLength {
			return nil, errBadInvitation
		}
		digits = append(digits, byte(k))
	}
	if len(digits) != InvitationLength {
		return nil, errBadInvitation
	}
	var out []byte
	var acc, bits uint
	for _, d := range digits {
		acc, bits = acc<<5|uint(d), bits+5
		if bits >= 8 {
			out = append(out, byte(acc>>(bits-8)))
			bits -= 8
		}
	}
	if acc&(1<<bits-1) != 0 { // the last digit's spare bits are zero in a code we wrote
		return nil, errBadInvitation
	}
	return out, nil
}

// FormatInvitation shows a code in groups of four: K7QF-9MZT-….
func FormatInvitation(code string) string {
	var parts []string
	for len(code) > 4 {
		parts, code = append(parts, code[:4]), code[4:]
	}
	return strings.Join(append(parts, code), "-")
}

// IsInvitation reports whether s reads as an own-pace game's invitation rather than a
// live room's code.
func IsInvitation(s string) bool {
	_, err := ParseInvitation(s)
	return err == nil
}

// InvitationGameID is the id this device stores the game of an invitation under ("" for a
// code that is not an invitation): the screen opens a game joined by its invitation through
// PaceRefresher.Open under it, as a saved one.
func InvitationGameID(code string) string {
	invite, err := ParseInvitation(code)
	if err != nil {
		return ""
	}
	id, err := paceGameID(invite)
	if err != nil {
		return ""
	}
	return id
}
