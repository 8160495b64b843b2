import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: 'pipe' });

export interface TestCertificates {
  /** PEM of the test CA (what a doctor is told to trust) */
  caPem: string;
  /** file paths of a leaf certificate and key signed by the CA */
  leaf(
    name: string,
    options: { host: string; notBefore?: string; notAfter?: string },
  ): {
    cert: string;
    key: string;
  };
}

/**
 * A private CA made with the openssl CLI (Debian's, present wherever the tests run) and leaf
 * certificates it signs with any validity window (`openssl ca -startdate/-enddate`, YYYYMMDDHHMMSSZ):
 * expired ones, ones for another host name.
 */
export function testCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'kerf-tls-'));
  openssl(
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '30'].concat([
      '-subj',
      '/CN=Kerf test CA',
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
    ]),
    dir,
  );
  writeFileSync(join(dir, 'index.txt'), '');
  writeFileSync(join(dir, 'serial'), '1000\n');
  writeFileSync(
    join(dir, 'ca.cnf'),
    '[ca]\ndefault_ca=d\n[d]\ndatabase=index.txt\nnew_certs_dir=.\nserial=serial\ndefault_md=sha256\n' +
      'policy=p\ncopy_extensions=copy\nunique_subject=no\n[p]\ncommonName=supplied\n',
  );
  return {
    caPem: readFileSync(join(dir, 'ca.pem'), 'utf8'),
    leaf(name, { host, notBefore, notAfter }) {
      const key = join(dir, `${name}.key`);
      const cert = join(dir, `${name}.pem`);
      openssl(
        ['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', key].concat([
          '-out',
          `${name}.csr`,
          '-subj',
          `/CN=${host}`,
          '-addext',
          `subjectAltName=DNS:${host}`,
        ]),
        dir,
      );
      const validity =
        notBefore && notAfter ? ['-startdate', notBefore, '-enddate', notAfter] : ['-days', '30'];
      openssl(
        ['ca', '-batch', '-config', 'ca.cnf', '-cert', 'ca.pem', '-keyfile', 'ca.key', '-notext'].concat([
          '-in',
          `${name}.csr`,
          '-out',
          cert,
          ...validity,
        ]),
        dir,
      );
      return { cert, key };
    },
  };
}
