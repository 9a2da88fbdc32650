//go:build !js

package signal

import (
	"crypto/hmac"
	"crypto/sha1"
	"encoding/base64"
)

// mintCheck computes coturn's expected credential independently of the server's code.
func mintCheck(secret, username string) string {
	m := hmac.New(sha1.New, []byte(secret))
	m.Write([]byte(username))
	return base64.StdEncoding.EncodeToString(m.Sum(nil))
}
