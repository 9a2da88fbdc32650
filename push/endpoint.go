//go:build !js

package push

import (
	"crypto/ecdh"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"
)

// An endpoint is a URL a client hands the server, which the server then posts to: it must
// be a push service's, never a way into the server's own network. So it is https (http only
// to loopback, for tests), with a host and no credentials, and the server's client dials
// only public addresses: a name that resolves to a loopback, private or link-local address
// is refused when it is dialled, whatever it resolved to at subscribe time.

func (s *Service) checkEndpoint(endpoint string) *apiError {
	bad := func(why string) *apiError {
		return &apiError{http.StatusBadRequest, CodeBadEndpoint, "sub.endpoint: " + why}
	}
	if endpoint == "" {
		return bad("missing.")
	}
	if len(endpoint) > MaxEndpoint {
		return bad(fmt.Sprintf("over %d bytes.", MaxEndpoint))
	}
	u, err := url.Parse(endpoint)
	if err != nil || !u.IsAbs() || u.Host == "" || u.Opaque != "" {
		return bad("not an absolute URL.")
	}
	if u.User != nil || u.Fragment != "" {
		return bad("a push service's URL has no user and no fragment.")
	}
	host := u.Hostname()
	loopback := host == "localhost"
	if a, err := netip.ParseAddr(host); err == nil {
		loopback = a.Unmap().IsLoopback()
		if !loopback && !public(a) {
			return bad("not a public address.")
		}
	}
	switch {
	case loopback && !s.cfg.AllowLoopback:
		return bad("not a public address.")
	case u.Scheme == "https":
	case u.Scheme == "http" && loopback:
	default:
		return bad("not an https URL.")
	}
	return nil
}

// checkSubKeys checks a subscription's keys and returns it with them in canonical form
// (base64url unpadded; a padded form is taken too).
func checkSubKeys(sub Subscription) (Subscription, *apiError) {
	bad := func(why string) (Subscription, *apiError) {
		return Subscription{}, &apiError{http.StatusBadRequest, CodeBadKeys, why}
	}
	p, err := decodeKey(sub.Keys.P256dh)
	if err != nil {
		return bad("sub.keys.p256dh: not base64url.")
	}
	if _, err := ecdh.P256().NewPublicKey(p); err != nil {
		return bad("sub.keys.p256dh: not a P-256 public key (an uncompressed point).")
	}
	a, err := decodeKey(sub.Keys.Auth)
	if err != nil || len(a) != 16 {
		return bad("sub.keys.auth: not 16 bytes in base64url.")
	}
	sub.Keys = Keys{P256dh: base64.RawURLEncoding.EncodeToString(p), Auth: base64.RawURLEncoding.EncodeToString(a)}
	return sub, nil
}

func decodeKey(s string) ([]byte, error) {
	return base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
}

// public reports whether an address is one the server may post to: not loopback, private
// (RFC 1918, fc00::/7), shared (100.64.0.0/10), link-local, multicast or unspecified.
func public(a netip.Addr) bool {
	a = a.Unmap()
	return a.IsValid() && a.IsGlobalUnicast() && !a.IsPrivate() && !shared.Contains(a)
}

var shared = netip.MustParsePrefix("100.64.0.0/10")

var errNotPublic = errors.New("the endpoint's address is not public")

// proxied reports whether pushes go through an HTTPS proxy (HTTPS_PROXY): then the proxy is
// what the server dials, and the proxy decides where it may post.
func proxied() bool {
	proxy, _ := http.ProxyFromEnvironment(&http.Request{URL: &url.URL{Scheme: "https", Host: "push.example"}})
	return proxy != nil
}

// newClient is the client pushes are posted with: bounded in time, and dialling only
// public addresses (loopback too when allowLoopback), unless it goes through a proxy.
func newClient(allowLoopback, proxied bool) *http.Client {
	d := &net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}
	if !proxied {
		d.Control = func(network, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil {
				return err
			}
			if a := ap.Addr().Unmap(); public(a) || (allowLoopback && a.IsLoopback()) {
				return nil
			}
			return errNotPublic
		}
	}
	t := &http.Transport{
		DialContext:           d.DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          100,
		MaxIdleConnsPerHost:   16,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: 20 * time.Second,
	}
	if proxied {
		t.Proxy = http.ProxyFromEnvironment
	}
	return &http.Client{
		Timeout:   30 * time.Second,
		Transport: t,
		// A push service answers; it does not send the server elsewhere.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}
