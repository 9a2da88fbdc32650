//go:build !js

package push

import (
	"strconv"
	"strings"
)

// The domains of the signed requests. Each request is signed by a seat's Ed25519 key over
// its domain and its fields, separated by zero bytes: no field can hold one (game ids,
// keys and numbers are base64url or decimal; an endpoint is a URL without control
// characters), so no two requests sign the same bytes, and no signature of the game (the
// mailbox's envelopes have their own domain) passes for one of these.
const (
	subscribeDomain   = "brass push subscribe v1"
	unsubscribeDomain = "brass push unsubscribe v1"
	nudgeDomain       = "brass push nudge v1"
)

// SubscribeMessage is what a subscribe request's signature covers: "brass push subscribe
// v1", game, key, endpoint, p256dh, auth and at (Unix milliseconds, decimal), separated by
// zero bytes (none at the end).
func SubscribeMessage(game, key string, sub Subscription, at int64) []byte {
	return message(subscribeDomain, game, key, sub.Endpoint, sub.Keys.P256dh, sub.Keys.Auth, strconv.FormatInt(at, 10))
}

// UnsubscribeMessage is the same for an unsubscribe request, under its own domain; the
// keys may be empty there.
func UnsubscribeMessage(game, key string, sub Subscription, at int64) []byte {
	return message(unsubscribeDomain, game, key, sub.Endpoint, sub.Keys.P256dh, sub.Keys.Auth, strconv.FormatInt(at, 10))
}

// NudgeMessage is what a nudge's signature covers: "brass push nudge v1", game, key, to
// (decimal), kind and at, separated by zero bytes.
func NudgeMessage(game, key string, to int, kind string, at int64) []byte {
	return message(nudgeDomain, game, key, strconv.Itoa(to), kind, strconv.FormatInt(at, 10))
}

// NudgeMessageDue is what the signature of a nudge with a due (a reminder the server sends
// later) covers: NudgeMessage and, after one more zero byte, due (Unix milliseconds,
// decimal). It has one field more than any NudgeMessage, so neither passes for the other:
// a due cannot be added to, taken from or changed in a signed nudge.
func NudgeMessageDue(game, key string, to int, kind string, at, due int64) []byte {
	return message(nudgeDomain, game, key, strconv.Itoa(to), kind, strconv.FormatInt(at, 10), strconv.FormatInt(due, 10))
}

func message(domain string, fields ...string) []byte {
	var b strings.Builder
	b.WriteString(domain)
	for _, f := range fields {
		b.WriteByte(0)
		b.WriteString(f)
	}
	return []byte(b.String())
}
