//go:build !js

package push

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"brass/mailbox"
)

// The tests run the service against a push service of their own (pushService): an
// httptest server that does what FCM, Mozilla's autopush and Apple's push service do with
// a push: it checks the VAPID header and the headers RFC 8030 asks for, and decrypts the
// payload (RFC 8291 over RFC 8188's aes128gcm) with the subscriber's private key and
// authentication secret, written here from the RFCs with the standard library alone.

// clock is the service's clock in a test, moved by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// game is a game the fixture's Seats knows.
type game struct {
	id      string
	started bool
	seats   []ed25519.PrivateKey
}

func (g *game) key(seat int) string {
	return mailbox.Encode64(g.seats[seat].Public().(ed25519.PublicKey))
}

// fixture is a service with its API served over loopback, a push service and games.
type fixture struct {
	t     testing.TB
	dir   string
	svc   *Service
	api   *httptest.Server
	ps    *pushService
	clock *clock

	mu    sync.Mutex
	games map[string]*game
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	f := &fixture{t: t, dir: t.TempDir(), clock: &clock{now: time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)}, games: map[string]*game{}}
	svc, err := Open(f.config())
	if err != nil {
		t.Fatal(err)
	}
	f.svc = svc
	f.api = httptest.NewServer(svc)
	f.ps = newPushService(t, svc.PublicKey(), testSubject)
	t.Cleanup(func() {
		f.api.Close()
		if err := f.svc.Close(); err != nil {
			t.Error(err)
		}
		f.ps.srv.Close()
	})
	return f
}

const testSubject = "mailto:brass@example.org"

func (f *fixture) config() Config {
	return Config{Dir: f.dir, Subject: testSubject, Seats: f.seats, AllowLoopback: true, Now: f.clock.Now, Logf: f.t.Logf, RemindEvery: 2 * time.Millisecond}
}

// seats is the fixture's Config.Seats.
func (f *fixture) seats(_ context.Context, id string) ([]string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	g := f.games[id]
	switch {
	case g == nil:
		return nil, ErrNoGame
	case !g.started:
		return nil, fmt.Errorf("game %s: %w", id, ErrNotStarted)
	}
	keys := make([]string, len(g.seats))
	for i := range g.seats {
		keys[i] = g.key(i)
	}
	return keys, nil
}

// newGame makes a started game of n seats.
func (f *fixture) newGame(n int) *game {
	_, invite, _ := ed25519.GenerateKey(nil)
	g := &game{id: mailbox.GameID(invite.Public().(ed25519.PublicKey)), started: true}
	for range n {
		_, k, _ := ed25519.GenerateKey(nil)
		g.seats = append(g.seats, k)
	}
	f.mu.Lock()
	f.games[g.id] = g
	f.mu.Unlock()
	return g
}

// subscribeReq is a seat's subscribe (or, with unsubscribe, unsubscribe) request, signed.
func (f *fixture) subscribeReq(g *game, seat int, sub Subscription, unsubscribe bool) subscribeRequest {
	r := subscribeRequest{Game: g.id, Key: g.key(seat), Sub: sub, At: f.clock.Now().UnixMilli()}
	msg := SubscribeMessage(r.Game, r.Key, r.Sub, r.At)
	if unsubscribe {
		msg = UnsubscribeMessage(r.Game, r.Key, r.Sub, r.At)
	}
	r.Sig = mailbox.Encode64(ed25519.Sign(g.seats[seat], msg))
	return r
}

// nudgeReq is seat from's nudge to seat to, signed.
func (f *fixture) nudgeReq(g *game, from, to int, kind string) nudgeRequest {
	r := nudgeRequest{Game: g.id, Key: g.key(from), To: &to, Kind: kind, At: f.clock.Now().UnixMilli()}
	r.Sig = mailbox.Encode64(ed25519.Sign(g.seats[from], NudgeMessage(r.Game, r.Key, to, r.Kind, r.At)))
	return r
}

// answer is the API's answer to a request.
type answer struct {
	status int
	body   map[string]any
}

func (a answer) code() string { s, _ := a.body["code"].(string); return s }

func (f *fixture) post(path string, body any) answer {
	f.t.Helper()
	var b []byte
	switch v := body.(type) {
	case []byte:
		b = v
	default:
		b, _ = json.Marshal(v)
	}
	res, err := http.Post(f.api.URL+path, "application/json", bytes.NewReader(b))
	if err != nil {
		f.t.Fatal(err)
	}
	return readAnswer(f.t, res)
}

func readAnswer(t testing.TB, res *http.Response) answer {
	t.Helper()
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	a := answer{status: res.StatusCode}
	if err := json.Unmarshal(raw, &a.body); err != nil {
		t.Fatalf("%s answered %d with %q: not a JSON object", res.Request.URL.Path, res.StatusCode, raw)
	}
	if res.Header.Get("Content-Type") != "application/json" {
		t.Errorf("%s answered with Content-Type %q", res.Request.URL.Path, res.Header.Get("Content-Type"))
	}
	return a
}

// mustSubscribe subscribes a seat, failing the test if it is refused.
func (f *fixture) mustSubscribe(g *game, seat int, sub Subscription) {
	f.t.Helper()
	if a := f.post("/push/subscribe", f.subscribeReq(g, seat, sub, false)); a.status != http.StatusOK || a.body["ok"] != true {
		f.t.Fatalf("subscribe: %d %v", a.status, a.body)
	}
}

// pushes waits until every queued push was sent, then returns what the push service
// received since the last call.
func (f *fixture) pushes() []received {
	f.t.Helper()
	done := make(chan struct{})
	go func() { f.svc.pending.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		f.t.Fatal("the pushes were not sent within 20 s")
	}
	return f.ps.take()
}

// subscriber is a browser's subscription with its private half.
type subscriber struct {
	priv   *ecdh.PrivateKey
	auth   []byte
	status int // what the push service answers a push to it (0: 201)
}

// received is one push as the push service took it.
type received struct {
	name    string // the subscriber's
	payload []byte // decrypted
	header  http.Header
	size    int       // bytes of the encrypted body
	at      time.Time // when it was decrypted
	err     error     // what was wrong with it, if anything
}

// pushService is the test's push service.
type pushService struct {
	t       testing.TB
	srv     *httptest.Server
	key     string // the VAPID public key it expects
	subject string

	mu   sync.Mutex
	subs map[string]*subscriber
	got  chan received
}

func newPushService(t testing.TB, key, subject string) *pushService {
	ps := &pushService{t: t, key: key, subject: subject, subs: map[string]*subscriber{}, got: make(chan received, 1<<16)}
	ps.srv = httptest.NewServer(http.HandlerFunc(ps.serve))
	return ps
}

// subscribe makes a subscription as a browser does: a P-256 key pair and a 16-byte
// secret of its own, and an endpoint at the push service.
func (ps *pushService) subscribe(name string) Subscription {
	priv, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		ps.t.Fatal(err)
	}
	auth := make([]byte, 16)
	rand.Read(auth)
	ps.mu.Lock()
	ps.subs[name] = &subscriber{priv: priv, auth: auth}
	ps.mu.Unlock()
	return Subscription{
		Endpoint: ps.srv.URL + "/ep/" + name,
		Keys:     Keys{P256dh: base64.RawURLEncoding.EncodeToString(priv.PublicKey().Bytes()), Auth: base64.RawURLEncoding.EncodeToString(auth)},
	}
}

// answerWith sets what the push service answers pushes to a subscriber.
func (ps *pushService) answerWith(name string, status int) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	ps.subs[name].status = status
}

func (ps *pushService) take() []received {
	var out []received
	for {
		select {
		case r := <-ps.got:
			out = append(out, r)
		default:
			return out
		}
	}
}

func (ps *pushService) serve(w http.ResponseWriter, r *http.Request) {
	name, ok := strings.CutPrefix(r.URL.Path, "/ep/")
	ps.mu.Lock()
	sub := ps.subs[name]
	ps.mu.Unlock()
	if !ok || sub == nil {
		http.Error(w, "no such subscription", http.StatusNotFound)
		return
	}
	body, _ := io.ReadAll(r.Body)
	rec := received{name: name, header: r.Header.Clone(), size: len(body)}
	rec.err = ps.check(r, body, sub, &rec)
	rec.at = time.Now()
	ps.got <- rec
	if sub.status != 0 {
		w.WriteHeader(sub.status)
		return
	}
	w.Header().Set("Location", ps.srv.URL+"/m/1")
	w.WriteHeader(http.StatusCreated)
}

// check is what a push service checks of a push, and the subscriber's decryption.
func (ps *pushService) check(r *http.Request, body []byte, sub *subscriber, rec *received) error {
	if r.Method != http.MethodPost {
		return fmt.Errorf("method %s", r.Method)
	}
	if err := checkVAPID(r.Header.Get("Authorization"), ps.srv.URL, ps.key, ps.subject); err != nil {
		return err
	}
	if ttl, err := strconv.Atoi(r.Header.Get("TTL")); err != nil || ttl < 0 {
		return fmt.Errorf("TTL %q", r.Header.Get("TTL"))
	}
	if ce := r.Header.Get("Content-Encoding"); ce != "aes128gcm" {
		return fmt.Errorf("Content-Encoding %q", ce)
	}
	if t := r.Header.Get("Topic"); t != "" && (len(t) > 32 || strings.Trim(t, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") != "") {
		return fmt.Errorf("Topic %q: not at most 32 characters of base64url", t)
	}
	switch u := r.Header.Get("Urgency"); u {
	case "", "very-low", "low", "normal", "high":
	default:
		return fmt.Errorf("Urgency %q", u)
	}
	plain, err := decrypt(body, sub.priv, sub.auth)
	if err != nil {
		return fmt.Errorf("decrypting: %w", err)
	}
	rec.payload = plain
	return nil
}

// checkVAPID checks an Authorization header of RFC 8292: "vapid t=JWT, k=KEY", the key the
// expected one, the JWT signed by it (ES256), for this origin, expiring within 24 hours,
// with the expected subject.
func checkVAPID(h, origin, key, subject string) error {
	rest, ok := strings.CutPrefix(h, "vapid ")
	if !ok {
		return fmt.Errorf("Authorization %q: not vapid", h)
	}
	var t, k string
	for _, p := range strings.Split(rest, ",") {
		p = strings.TrimSpace(p)
		if v, ok := strings.CutPrefix(p, "t="); ok {
			t = v
		} else if v, ok := strings.CutPrefix(p, "k="); ok {
			k = v
		}
	}
	if k != key {
		return fmt.Errorf("VAPID k=%q, want the server's key %q", k, key)
	}
	kb, err := base64.RawURLEncoding.DecodeString(k)
	if err != nil {
		return fmt.Errorf("VAPID k: %v", err)
	}
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), kb)
	if err != nil {
		return fmt.Errorf("VAPID k: %v", err)
	}
	seg := strings.Split(t, ".")
	if len(seg) != 3 {
		return fmt.Errorf("VAPID t: not a JWT")
	}
	var head struct{ Alg, Typ string }
	if err := decodeSegment(seg[0], &head); err != nil || head.Alg != "ES256" {
		return fmt.Errorf("JWT header %+v (%v): want ES256", head, err)
	}
	sig, err := base64.RawURLEncoding.DecodeString(seg[2])
	if err != nil || len(sig) != 64 {
		return fmt.Errorf("JWT signature: not 64 bytes of base64url")
	}
	digest := sha256.Sum256([]byte(seg[0] + "." + seg[1]))
	if !ecdsa.Verify(pub, digest[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		return errors.New("JWT: the signature is not the VAPID key's")
	}
	var claims struct {
		Aud string `json:"aud"`
		Exp int64  `json:"exp"`
		Sub string `json:"sub"`
	}
	if err := decodeSegment(seg[1], &claims); err != nil {
		return fmt.Errorf("JWT claims: %v", err)
	}
	now := time.Now()
	switch exp := time.Unix(claims.Exp, 0); {
	case claims.Aud != origin:
		return fmt.Errorf("JWT aud %q, want the endpoint's origin %q", claims.Aud, origin)
	case !exp.After(now) || exp.After(now.Add(24*time.Hour)):
		return fmt.Errorf("JWT exp %v: not within the next 24 hours", exp)
	case claims.Sub == "" || claims.Sub != subject:
		return fmt.Errorf("JWT sub %q, want %q", claims.Sub, subject)
	}
	return nil
}

func decodeSegment(s string, v any) error {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

// decrypt opens an aes128gcm body (RFC 8188) of Web Push (RFC 8291) as the browser does:
// the header (salt, record size, the sender's one-time public key as the key id), the
// shared secret with the subscriber's private key, the keys derived with the
// authentication secret, then each record, its padding and delimiter checked.
func decrypt(body []byte, priv *ecdh.PrivateKey, auth []byte) ([]byte, error) {
	if len(body) < 21 {
		return nil, errors.New("shorter than the header")
	}
	salt, rs, idlen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	if idlen != 65 || len(body) < 21+idlen {
		return nil, fmt.Errorf("key id of %d bytes: want the sender's 65-byte public key", idlen)
	}
	if rs < 18 {
		return nil, fmt.Errorf("record size %d", rs)
	}
	senderKey, ct := body[21:21+idlen], body[21+idlen:]
	sender, err := ecdh.P256().NewPublicKey(senderKey)
	if err != nil {
		return nil, fmt.Errorf("the sender's key: %v", err)
	}
	secret, err := priv.ECDH(sender)
	if err != nil {
		return nil, err
	}
	prkKey, err := hkdf.Extract(sha256.New, secret, auth)
	if err != nil {
		return nil, err
	}
	ikm, err := hkdf.Expand(sha256.New, prkKey, "WebPush: info\x00"+string(priv.PublicKey().Bytes())+string(senderKey), 32)
	if err != nil {
		return nil, err
	}
	prk, err := hkdf.Extract(sha256.New, ikm, salt)
	if err != nil {
		return nil, err
	}
	cek, err := hkdf.Expand(sha256.New, prk, "Content-Encoding: aes128gcm\x00", 16)
	if err != nil {
		return nil, err
	}
	nonce, err := hkdf.Expand(sha256.New, prk, "Content-Encoding: nonce\x00", 12)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	if len(ct) == 0 {
		return nil, errors.New("no record")
	}
	var out []byte
	for seq := uint64(0); len(ct) > 0; seq++ {
		n := min(len(ct), int(rs))
		rec := ct[:n]
		ct = ct[n:]
		iv := bytes.Clone(nonce)
		var s [8]byte
		binary.BigEndian.PutUint64(s[:], seq)
		for i := range s {
			iv[4+i] ^= s[i]
		}
		plain, err := gcm.Open(nil, iv, rec, nil)
		if err != nil {
			return nil, fmt.Errorf("record %d: %v", seq, err)
		}
		i := len(plain) - 1
		for i >= 0 && plain[i] == 0 {
			i--
		}
		if i < 0 {
			return nil, fmt.Errorf("record %d: no delimiter", seq)
		}
		if last := len(ct) == 0; (last && plain[i] != 2) || (!last && plain[i] != 1) {
			return nil, fmt.Errorf("record %d: delimiter %d", seq, plain[i])
		}
		out = append(out, plain[:i]...)
	}
	return out, nil
}
