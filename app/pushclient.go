package app

import (
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// The page's half of Web Push for own-pace games (the server's is package push): the device
// that changes whose turn it is asks the server to notify that player (a nudge), and a player
// who allows notifications subscribes their browser for each own-pace game's seat. Both are
// signed with the seat's key, so nobody can subscribe to another player's notifications or
// nudge in a game not theirs. A nudge is a courtesy: one that does not arrive loses nothing
// (the game is in the mailbox), so it is sent in the background and its failure ignored.

// Nudge kinds (push.go's).
const (
	NudgeTurn   = "turn"   // the seat's turn began
	NudgeStart  = "start"  // the game began
	NudgeEnd    = "end"    // the game is over
	NudgeWait   = "wait"   // the game waits for the seat's device
	NudgeRemind = "remind" // the seat's turn runs out soon (sent at its due)
)

// PushSubscription is a browser's push subscription (PushSubscription.toJSON()).
type PushSubscription struct {
	Endpoint string `json:"endpoint"`
	Keys     struct {
		P256dh string `json:"p256dh"`
		Auth   string `json:"auth"`
	} `json:"keys"`
}

// The signed messages: a domain and the fields, separated by zero bytes (push/sign.go has
// the server's side; a test checks both make the same bytes).
func pushMessage(domain string, fields ...string) []byte {
	return []byte(domain + "\x00" + strings.Join(fields, "\x00"))
}

func nudgeMessage(game, key string, to int, kind string, at int64) []byte {
	return pushMessage("brass push nudge v1", game, key, strconv.Itoa(to), kind, strconv.FormatInt(at, 10))
}

// nudgeMessageDue is a reminder's: the nudge's with its due (Unix ms) after it.
func nudgeMessageDue(game, key string, to int, kind string, at, due int64) []byte {
	return pushMessage("brass push nudge v1", game, key, strconv.Itoa(to), kind, strconv.FormatInt(at, 10), strconv.FormatInt(due, 10))
}

func subscribeMessage(domain, game, key string, sub PushSubscription, at int64) []byte {
	return pushMessage(domain, game, key, sub.Endpoint, sub.Keys.P256dh, sub.Keys.Auth, strconv.FormatInt(at, 10))
}

// pushURL is the push service of the server the mailbox is on: ws://host/mailbox → http://host/push/.
func pushURL(mailboxURL string) string {
	u := strings.TrimSuffix(mailboxURL, "/")
	u = strings.TrimSuffix(u, "/mailbox")
	switch {
	case strings.HasPrefix(u, "wss://"):
		u = "https://" + strings.TrimPrefix(u, "wss://")
	case strings.HasPrefix(u, "ws://"):
		u = "http://" + strings.TrimPrefix(u, "ws://")
	}
	return u + "/push/"
}

// postPush posts one signed request to the server's push service (pushhttp_*.go: the
// browser's fetch in the page, which keeps net/http's client out of app.wasm; net/http in
// native tests).
func postPush(ctx context.Context, url string, body any) error {
	raw, _ := json.Marshal(body)
	status, answer, err := pushHTTP(ctx, http.MethodPost, url, raw)
	if err != nil {
		return err
	}
	if status >= 300 {
		var e struct{ Message string }
		if json.Unmarshal(answer, &e) == nil && e.Message != "" {
			return errors.New(e.Message)
		}
		return fmt.Errorf("the server answered %d", status)
	}
	return nil
}

// seatKey is an own-pace game's signing key on this device and its public half as the
// genesis has it.
func (o *Online) seatKey() (ed25519.PrivateKey, string, bool) { return o.saved.Online.seatKey() }

// seatKey is a stored own-pace game's signing key and its public half, as the genesis has it.
func (m *onlineMeta) seatKey() (ed25519.PrivateKey, string, bool) {
	if m == nil || m.Pace == nil || len(m.KeySeed) != ed25519.SeedSize {
		return nil, "", false
	}
	priv := ed25519.NewKeyFromSeed(m.KeySeed)
	return priv, base64.RawURLEncoding.EncodeToString(priv.Public().(ed25519.PublicKey)), true
}

// nudge asks the server to notify a seat's player, once for the same reason at the same
// moment of the game, in the background.
func (o *Online) nudge(seat int, kind string) { o.nudgeAt(seat, kind, 0) }

// remindBefore is how long before a turn's time runs out its player is reminded: a quarter
// of the time per turn, at most two hours.
func remindBefore(limit time.Duration) time.Duration { return min(limit/4, 2*time.Hour) }

// nudgeAt asks for a nudge, or (due, Unix ms, non-zero) a reminder the server sends then.
func (o *Online) nudgeAt(seat int, kind string, due int64) {
	priv, key, ok := o.seatKey()
	if !ok || o.pace.url == "" || seat == o.MySeat() {
		return
	}
	why := fmt.Sprintf("%s/%d/%d", kind, seat, len(o.saved.Record.Moves))
	if o.pace.nudged[why] {
		return
	}
	if o.pace.nudged == nil {
		o.pace.nudged = map[string]bool{}
	}
	o.pace.nudged[why] = true
	game := o.saved.Online.Pace.Game
	at := time.Now().UnixMilli() // the server checks it against its own clock (not the game's, which tests move)
	msg := nudgeMessage(game, key, seat, kind, at)
	if due != 0 {
		msg = nudgeMessageDue(game, key, seat, kind, at, due)
	}
	body := map[string]any{"game": game, "key": key, "to": seat, "kind": kind, "at": at,
		"sig": base64.RawURLEncoding.EncodeToString(ed25519.Sign(priv, msg))}
	if due != 0 {
		body["due"] = due
	}
	url := pushURL(o.pace.url) + "nudge"
	o.pace.nudges++
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		_ = postPush(ctx, url, body)
	}()
}

// nudgeAfter tells the players whom the game now waits for: the player to move once this
// device's player (or its lobby) handed the turn on, the devices the deal waits for while this
// device's player is to move, everyone when the game began or ended here.
func (o *Online) nudgeAfter(movesBefore int) {
	r, ok := o.game()
	if !ok || o.pace == nil {
		return
	}
	g := r.Game()
	n := len(g.Moves())
	switch {
	case g.Over():
		if n > movesBefore && g.Moves()[n-1].Player == r.Seat() {
			for s := range g.Config().Players {
				o.nudge(s, NudgeEnd)
			}
		}
		return
	case n > movesBefore && g.Moves()[n-1].Player == r.Seat() && g.State().Actor() != r.Seat():
		o.nudge(g.State().Actor(), NudgeTurn)
		if limit := o.TurnLimit(); limit > 0 {
			// The next player's reminder, before their time runs out (the server keeps it).
			o.nudgeAt(g.State().Actor(), NudgeRemind, o.opts.Now().Add(limit-remindBefore(limit)).UnixMilli())
		}
	}
	if g.State().Actor() == r.Seat() {
		for _, s := range r.DealWaiting() {
			o.nudge(s, NudgeWait)
		}
	}
}

// PushKey fetches the server's VAPID public key (what PushManager.subscribe takes).
func PushKey(ctx context.Context, mailboxURL string) (string, error) {
	status, answer, err := pushHTTP(ctx, http.MethodGet, pushURL(mailboxURL)+"key", nil)
	var k struct{ Key string }
	if err != nil || status != http.StatusOK || json.Unmarshal(answer, &k) != nil || k.Key == "" {
		return "", errors.New("this server sends no notifications")
	}
	return k.Key, nil
}

// SubscribePush subscribes (on) or unsubscribes (off) a browser's push subscription for every
// own-pace game on this device: each game's seat signs its own request. It reports how many
// games took it.
func SubscribePush(ctx context.Context, store Store, mailboxURL string, sub PushSubscription, on bool) (int, error) {
	list, err := ListGames(store)
	if err != nil {
		return 0, err
	}
	domain, path := "brass push subscribe v1", "subscribe"
	if !on {
		domain, path = "brass push unsubscribe v1", "unsubscribe"
	}
	done := 0
	var last error
	for _, s := range list {
		if !s.Pace || s.Lobby || s.Over {
			continue
		}
		sg, err := loadGame(store, s.ID)
		if err != nil {
			continue
		}
		priv, key, ok := sg.Online.seatKey()
		if !ok {
			continue
		}
		at := time.Now().UnixMilli()
		game := sg.Online.Pace.Game
		body := map[string]any{"game": game, "key": key, "sub": sub, "at": at,
			"sig": base64.RawURLEncoding.EncodeToString(ed25519.Sign(priv, subscribeMessage(domain, game, key, sub, at)))}
		if err := postPush(ctx, pushURL(mailboxURL)+path, body); err != nil {
			last = err
			continue
		}
		done++
	}
	if done == 0 && last != nil {
		return 0, last
	}
	return done, nil
}

// AwaitingYou counts the online games on this device whose player is to move, as last saved
// here, but the one on screen (except): the page title and the installed app's badge show it.
func AwaitingYou(store Store, except string) int {
	n := 0
	for _, s := range readIndex(store) {
		if s.YourTurn && !s.Over && s.ID != except {
			n++
		}
	}
	return n
}
