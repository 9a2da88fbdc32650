package app

import (
	"bytes"
	"crypto/rand"
	"strings"
	"testing"
)

func TestAnInvitationReadsBackAsTyped(t *testing.T) {
	for i := 0; i < 200; i++ {
		secret := make([]byte, 16)
		_, _ = rand.Read(secret)
		code := EncodeInvitation(secret)
		if len(code) != InvitationLength {
			t.Fatalf("a code of %d characters", len(code))
		}
		typed := strings.ToLower(FormatInvitation(code))
		typed = strings.NewReplacer("1", "l", "0", "o").Replace(typed)
		got, err := ParseInvitation(" " + typed + " ")
		if err != nil || !bytes.Equal(got, secret) {
			t.Fatalf("%q read back as %x, %v; want %x", typed, got, err, secret)
		}
	}
	for _, bad := range []string{"", "K7QF-9MZT", strings.Repeat("A", 25), strings.Repeat("A", 27), strings.Repeat("A", 25) + "!", strings.Repeat("0", 25) + "1"} {
		if IsInvitation(bad) {
			t.Errorf("%q was taken for an invitation", bad)
		}
	}
}
