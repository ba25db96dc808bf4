// SPDX-License-Identifier: GPL-2.0
/*
 * algbench-badtag N: N gcm(aes) decryptions with a wrong tag through AF_ALG
 * (each must fail with EBADMSG), after the one encryption that makes the
 * ciphertext: a workload of known errors for algbench trace's err_cnt.
 */
#include <errno.h>
#include <kcapi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LEN 4096
#define TAG 16

int main(int argc, char **argv)
{
	static const uint8_t key[16], iv[12];
	static uint8_t in[LEN + TAG], out[LEN + TAG];
	struct kcapi_handle *h;
	int n = argc > 1 ? atoi(argv[1]) : 1;

	if (kcapi_aead_init(&h, "gcm(aes)", 0) || kcapi_aead_setkey(h, key, sizeof(key)) ||
	    kcapi_aead_settaglen(h, TAG)) {
		fprintf(stderr, "badtag: gcm(aes) through AF_ALG unavailable\n");
		return 2;
	}
	kcapi_aead_setassoclen(h, 0);
	if (kcapi_aead_encrypt(h, in, LEN, iv, out, LEN + TAG, KCAPI_ACCESS_SENDMSG) != LEN + TAG) {
		fprintf(stderr, "badtag: encrypt failed\n");
		return 1;
	}
	out[LEN + TAG - 1] ^= 1;
	for (int i = 0; i < n; i++) {
		ssize_t r =
			kcapi_aead_decrypt(h, out, LEN + TAG, iv, in, LEN, KCAPI_ACCESS_SENDMSG);

		if (r != -EBADMSG) {
			fprintf(stderr, "badtag: decrypt %d gave %zd, not -EBADMSG\n", i, r);
			return 1;
		}
	}
	kcapi_aead_destroy(h);
	return 0;
}
