"""Servers and clients for the TLS and SASL end-to-end tests: a test certificate authority
made with the openssl command line tool, ngIRCd with a TLS port, InspIRCd linked to Atheme
services (accounts, SASL PLAIN and EXTERNAL), and a raw IRC client that speaks TLS, CAP and
SASL itself.

Every process started here is stopped by its PID; every wait is bounded in time."""

import base64
import hashlib
import os
import resource
import socket
import ssl
import subprocess
import time

from harness import TEMPLATE, Client, TestFailure, check, free_port, stop_process

OPENSSL = "/usr/bin/openssl"


# ---------------------------------------------------------------------------------------
# Certificates


class Certs:
    """Paths of the test certificates (all PEM), and the client certificate's fingerprint."""

    ca = ca_key = None  # the test CA certificate and its key
    server_cert = server_key = None  # for localhost, DNS:localhost and IP:127.0.0.1
    other_cert = other_key = None  # same CA, for other.example only
    client_pem = None  # self-signed client certificate and its key in one file
    client_fp = None  # SHA-256 of the client certificate (DER), lowercase hex

    def __repr__(self):
        return "<Certs %s>" % self.__dict__


def _openssl(work, *args):
    r = subprocess.run([OPENSSL] + list(args), cwd=work.path, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=30)
    check(r.returncode == 0, "openssl %s: %s" % (args[0], r.stdout.decode(errors="replace")))


def _key(work, name):
    _openssl(work, "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256",
             "-out", work.file(name))


def _signed(work, name, cn, san):
    """A certificate for cn signed by the test CA: name.pem and name.key."""
    _key(work, name + ".key")
    _openssl(work, "req", "-new", "-key", work.file(name + ".key"), "-subj", "/CN=" + cn,
             "-out", work.file(name + ".csr"))
    ext = work.file(name + ".ext")
    with open(ext, "w") as f:
        f.write("basicConstraints = critical, CA:FALSE\n"
                "keyUsage = critical, digitalSignature, keyEncipherment\n"
                "extendedKeyUsage = serverAuth\n"
                "subjectAltName = %s\n" % san)
    _openssl(work, "x509", "-req", "-in", work.file(name + ".csr"), "-CA", work.file("ca.pem"),
             "-CAkey", work.file("ca.key"), "-set_serial", str(int(time.time() * 1000)),
             "-days", "2", "-sha256", "-extfile", ext, "-out", work.file(name + ".pem"))
    return work.file(name + ".pem"), work.file(name + ".key")


def fingerprint(pem_path):
    """SHA-256 of the first certificate in a PEM file, lowercase hex without colons."""
    text = open(pem_path).read()
    begin = text.index("-----BEGIN CERTIFICATE-----")
    end = text.index("-----END CERTIFICATE-----", begin) + len("-----END CERTIFICATE-----")
    return hashlib.sha256(ssl.PEM_cert_to_DER_cert(text[begin:end])).hexdigest()


def client_cert(work, name, cn):
    """A self-signed client certificate for cn with its key in one PEM file, name.pem."""
    _key(work, name + ".key")
    _openssl(work, "req", "-x509", "-new", "-key", work.file(name + ".key"), "-days", "2",
             "-sha256", "-subj", "/CN=" + cn, "-out", work.file(name + ".crt"),
             "-addext", "extendedKeyUsage = clientAuth")
    pem = work.file(name + ".pem")
    with open(pem, "w") as f:
        f.write(open(work.file(name + ".crt")).read() + open(work.file(name + ".key")).read())
    os.chmod(pem, 0o644)
    return pem


def make_certs(work):
    """A test CA, a server certificate for localhost/127.0.0.1, one for other.example only,
    and a client certificate with its key in one PEM file. Every file is readable by all
    (servers started as root drop to nobody)."""
    c = Certs()
    _key(work, "ca.key")
    _openssl(work, "req", "-x509", "-new", "-key", work.file("ca.key"), "-days", "2",
             "-sha256", "-subj", "/CN=brickwood test CA", "-out", work.file("ca.pem"),
             "-addext", "basicConstraints = critical, CA:TRUE",
             "-addext", "keyUsage = critical, keyCertSign, cRLSign")
    c.ca, c.ca_key = work.file("ca.pem"), work.file("ca.key")
    c.server_cert, c.server_key = _signed(work, "server", "localhost",
                                          "DNS:localhost, IP:127.0.0.1")
    c.other_cert, c.other_key = _signed(work, "other", "other.example", "DNS:other.example")
    c.client_pem = client_cert(work, "client", "catbot")
    c.client_fp = fingerprint(c.client_pem)
    for name in os.listdir(work.path):
        if name.endswith((".pem", ".key", ".crt")):
            os.chmod(work.file(name), 0o644)
    return c


# ---------------------------------------------------------------------------------------
# Waiting for a server


def wait_listening(proc, ports, what, logname, timeout=30):
    deadline = time.time() + timeout
    left = list(ports)
    while left and time.time() < deadline:
        check(proc.poll() is None, "%s exited; see %s" % (what, logname))
        try:
            socket.create_connection(("127.0.0.1", left[0]), 0.5).close()
            left.pop(0)
        except OSError:
            time.sleep(0.1)
    return not left


# ---------------------------------------------------------------------------------------
# ngIRCd with a TLS port


class NgircdTLS:
    """ngIRCd on a free loopback port (.port) and a TLS port (.tls_port) with cert/key; port
    and tls_port given, on those (a server started again where one was)."""

    def __init__(self, ngircd, work, cert, key, throttle=False, name="ngircd", port=None,
                 tls_port=None):
        self.port, self.tls_port = port or free_port(), tls_port or free_port()
        while self.tls_port == self.port:
            self.tls_port = free_port()
        self.work = work
        conf = open(TEMPLATE).read()
        conf = (conf.replace("@PORT@", str(self.port))
                .replace("@PIDFILE@", work.file(name + ".pid"))
                .replace("@PENALTY@", "-1" if throttle else "0"))
        # Started as root, ngIRCd reads these as nobody.
        for path in (cert, key):
            os.chmod(path, 0o644)
        conf += ("\n[SSL]\n"
                 "# The test certificate and its key.\n"
                 "CertFile = %s\n"
                 "KeyFile = %s\n"
                 "Ports = %d\n" % (cert, key, self.tls_port))
        self.conf = work.file(name + ".conf")
        with open(self.conf, "w") as f:
            f.write(conf)
        self.logname = work.file(name + ".log")
        self.log = open(self.logname, "ab")
        self.proc = subprocess.Popen([ngircd or "/usr/sbin/ngircd", "-n", "-f", self.conf],
                                     stdout=self.log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL)
        if not wait_listening(self.proc, [self.port, self.tls_port], "ngircd", self.logname):
            self.stop()
            raise TestFailure("ngircd did not listen on ports %d, %d"
                              % (self.port, self.tls_port))

    def log_text(self):
        with open(self.logname, "rb") as f:
            return f.read().decode("utf-8", "replace")

    def stop(self):
        rc = stop_process(self.proc, "ngircd")
        self.log.close()
        return rc


# ---------------------------------------------------------------------------------------
# InspIRCd linked to Atheme: accounts, SASL PLAIN and EXTERNAL, IRCv3 capabilities

SERVICES = "services.brickwood.test"
LINK_PASSWORD = "link-secret"

INSPIRCD_CONF = """<server name="irc.brickwood.test" description="brickwood TLS and SASL tests"
        id="1BW" network="brickwoodtest">
<admin name="test" nick="test" email="root@localhost">
<pid file="{pidfile}">
<options prefixquit="Quit: " syntaxhints="no" announcets="yes" pingwarning="15">
<security hideserver="" userstats="Pu" hidebans="no" maxtargets="20" runasuser="" runasgroup="">
<performance quietbursts="yes" softlimit="1024" somaxconn="128" netbuffersize="10240"
             clonesonconnect="no" nouserdns="yes">
<dns server="127.0.0.1" timeout="1">
<log method="file" type="* -USERINPUT -USEROUTPUT" level="default" target="{log}">

<module name="ssl_gnutls">
<sslprofile name="tests" provider="gnutls" certfile="{cert}" keyfile="{key}"
            hash="sha256" requestclientcert="yes">

<bind address="127.0.0.1" port="{port}" type="clients">
<bind address="127.0.0.1" port="{tls_port}" type="clients" sslprofile="tests">
<bind address="127.0.0.1" port="{link_port}" type="servers">

<connect name="main" allow="*" maxchans="50" timeout="20" pingfreq="2m" hardsendq="1M"
         softsendq="1M" recvq="64K" threshold="1000" commandrate="100000" fakelag="no"
         localmax="1000" globalmax="1000" resolvehostnames="no" useident="no" limit="5000">

<channels users="50" opers="60">

<module name="spanningtree">
<link name="{services}" ipaddr="127.0.0.1" port="{link_port}" allowmask="127.0.0.0/8"
      sendpass="{password}" recvpass="{password}" timeout="15">
<uline server="{services}" silent="yes">

<module name="services_account">
<module name="sasl">
<sasl target="{services}" requiressl="no">
<module name="sslinfo">
<sslinfo operonly="no" hash="sha256">
<module name="cap">
<module name="ircv3">
<ircv3 accountnotify="yes" awaynotify="yes" extendedjoin="yes">
<module name="ircv3_capnotify">
<module name="namesx">
<module name="uhnames">
<module name="chghost">
<module name="ircv3_chghost">
<module name="svshold">
"""

ATHEME_CONF = """loadmodule "modules/protocol/inspircd";
loadmodule "modules/backend/opensex";
loadmodule "modules/crypto/pbkdf2v2";
loadmodule "modules/nickserv/main";
loadmodule "modules/nickserv/cert";
loadmodule "modules/nickserv/help";
loadmodule "modules/nickserv/identify";
loadmodule "modules/nickserv/info";
loadmodule "modules/nickserv/register";
loadmodule "modules/nickserv/set_core";
loadmodule "modules/saslserv/main";
loadmodule "modules/saslserv/plain";
loadmodule "modules/saslserv/external";

serverinfo {{
	name = "{services}";
	desc = "brickwood test services";
	numeric = "00B";
	recontime = 1;
	netname = "brickwoodtest";
	hidehostsuffix = "users.brickwood.test";
	adminname = "test";
	adminemail = "root@localhost";
	registeremail = "root@localhost";
	mta = "/bin/false";
	loglevel = {{ error; info; admin; network; }};
	maxlogins = 50;
	maxusers = 50;
	mdlimit = 30;
	emaillimit = 0;
	emailtime = 300;
	auth = none;
	casemapping = rfc1459;
}};

uplink "irc.brickwood.test" {{
	host = "127.0.0.1";
	port = {link_port};
	send_password = "{password}";
	receive_password = "{password}";
}};

nickserv {{
	nick = "NickServ";
	user = "NickServ";
	host = "{services}";
	real = "Nickname Services";
	maxnicks = 5;
	expire = 0;
}};

saslserv {{
	nick = "SaslServ";
	user = "SaslServ";
	host = "{services}";
	real = "SASL Authentication Agent";
}};

general {{
	flood_msgs = 0;
	flood_time = 10;
	ratelimit_uses = 0;
	ratelimit_period = 0;
	kline_time = 7;
	commit_interval = 5;
	uplink_sendq_limit = 1048576;
	language = "en";
	exempts {{
	}};
	immune_level = immune;
}};

logfile "{datadir}/account.log" {{ register; set; }};
"""


def _no_core():
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


class InspircdAtheme:
    """InspIRCd on free loopback ports (.port plain, .tls_port TLS with cert/key) linked to
    Atheme services (NickServ, SaslServ): accounts are registered without e-mail, SASL PLAIN
    and EXTERNAL (by the TLS client certificate's SHA-256 fingerprint) work, and the server
    offers sasl, account-notify, extended-join, away-notify, multi-prefix, userhost-in-names.
    No flood throttling. Data and logs live in the Workdir."""

    def __init__(self, work, cert, key, inspircd="/usr/sbin/inspircd",
                 atheme="/usr/bin/atheme-services", timeout=60):
        self.work = work
        for path in (inspircd, atheme):
            check(os.access(path, os.X_OK), "%s is missing (Debian packages inspircd and "
                  "atheme-services)" % path)
        ports = set()
        while len(ports) < 3:
            ports.add(free_port())
        self.port, self.tls_port, self.link_port = sorted(ports)
        self.ircd = self.services = None
        for path in (cert, key):
            os.chmod(path, 0o644)
        fields = dict(pidfile=work.file("inspircd.pid"), log=work.file("inspircd.log"),
                      cert=cert, key=key, port=self.port, tls_port=self.tls_port,
                      link_port=self.link_port, services=SERVICES, password=LINK_PASSWORD)
        self.ircd_conf = work.file("inspircd.conf")
        with open(self.ircd_conf, "w") as f:
            f.write(INSPIRCD_CONF.format(**fields))
        self.datadir = work.file("atheme")
        os.makedirs(self.datadir, exist_ok=True)
        os.chmod(self.datadir, 0o777)
        fields["datadir"] = self.datadir
        self.atheme_conf = work.file("atheme.conf")
        with open(self.atheme_conf, "w") as f:
            f.write(ATHEME_CONF.format(**fields))
        deadline = time.time() + timeout
        try:
            self.ircd_out = open(work.file("inspircd.out"), "ab")
            # InspIRCd 3.15 with GnuTLS crashes while unloading its modules on SIGTERM: no
            # core file, and its exit status is not looked at.
            self.ircd = subprocess.Popen([inspircd, "--nofork", "--runasroot", "--config",
                                          self.ircd_conf], stdout=self.ircd_out,
                                         stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                         cwd=work.path, preexec_fn=_no_core)
            if not wait_listening(self.ircd, [self.port, self.tls_port, self.link_port],
                                  "inspircd", work.file("inspircd.out"),
                                  deadline - time.time()):
                raise TestFailure("inspircd did not listen; see %s" % work.file("inspircd.out"))
            self.services_out = open(work.file("atheme.out"), "ab")
            self.services = subprocess.Popen(
                [atheme, "-n", "-c", self.atheme_conf, "-D", self.datadir,
                 "-l", work.file("atheme.log"), "-p", work.file("atheme.pid")],
                stdout=self.services_out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                cwd=self.datadir)
            self.wait_services(deadline)
        except BaseException:
            self.stop()
            raise

    def wait_services(self, deadline):
        """Until SaslServ is on the network (the sasl capability is offered only then)."""
        c = IrcClient(self.port, "svcwait")
        try:
            while True:
                check(self.services.poll() is None,
                      "atheme exited; see %s" % self.work.file("atheme.out"))
                c.send("WHOIS SaslServ")
                m = c.expect(lambda m: m.cmd in ("311", "401"), 15, "WHOIS reply")
                if m.cmd == "311":
                    c.expect(lambda m: m.cmd == "318", 15, "end of WHOIS")
                    break
                if time.time() > deadline:
                    raise TestFailure("atheme did not link; see %s and %s"
                                      % (self.work.file("atheme.out"),
                                         self.work.file("inspircd.log")))
                time.sleep(0.2)
        finally:
            c.close("ready")

    def register(self, account, password, cert=None, email=None):
        """Registers account with NickServ (connected as nick account); with cert (a PEM file
        with certificate and key) the account also gets that certificate's fingerprint, added
        while connected over TLS with it (NickServ CERT ADD)."""
        c = IrcClient(self.tls_port if cert else self.port, account, tls=bool(cert),
                      client_cert=cert, verify=False)
        try:
            c.send("PRIVMSG NickServ :REGISTER %s %s" % (password,
                                                        email or account + "@example.test"))
            m = c.expect(lambda m: m.nick == "NickServ" and m.cmd == "NOTICE" and
                         ("registered" in m.params[-1] or "not" in m.params[-1]), 30,
                         "NickServ REGISTER reply")
            check("is now registered" in m.params[-1], "REGISTER %s: %s" % (account, m.text))
            if cert:
                c.send("PRIVMSG NickServ :CERT ADD")
                m = c.expect(lambda m: m.nick == "NickServ" and m.cmd == "NOTICE", 30,
                             "NickServ CERT ADD reply")
                check("added" in m.params[-1].lower() and fingerprint(cert) in m.params[-1],
                      "CERT ADD for %s: %s" % (account, m.text))
        finally:
            c.close("registered")

    def stop(self):
        status = []
        if self.services is not None:
            status.append(stop_process(self.services, "atheme"))
            self.services_out.close()
            self.services = None
        if self.ircd is not None:
            status.append(stop_process(self.ircd, "inspircd"))
            self.ircd_out.close()
            self.ircd = None
        return status


# ---------------------------------------------------------------------------------------
# A raw client over TCP or TLS, with CAP and SASL


class IrcClient(Client):
    """Like harness.Client, optionally over TLS (trusting ca, or verify=False), presenting
    client_cert (one PEM file with certificate and key), asking for the IRCv3 capabilities
    in caps (those the server offers; .caps is what was acknowledged, .offered what the
    server listed) and logging in with sasl = ("PLAIN", user, password) or ("EXTERNAL",)."""

    def __init__(self, port, nick, user=None, tls=False, ca=None, verify=True,
                 server_hostname="localhost", client_cert=None, caps=(), sasl=None,
                 timeout=30):
        self.nick = nick
        self.buf = b""
        self.seen = []
        self.closed = False
        self.offered = {}
        self.caps = set()
        self.sasl_result = None
        raw = socket.create_connection(("127.0.0.1", port), 10)
        if tls:
            ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
            if verify:
                ctx.load_verify_locations(cafile=ca)
            else:
                ctx.check_hostname = False
                ctx.verify_mode = ssl.CERT_NONE
            if client_cert:
                ctx.load_cert_chain(client_cert)
            raw.settimeout(10)
            self.sock = ctx.wrap_socket(raw, server_hostname=server_hostname)
        else:
            self.sock = raw
        self.sock.setblocking(False)
        want = set(caps) | ({"sasl"} if sasl else set())
        if want:
            self.send("CAP LS 302")
        self.send("NICK " + nick)
        self.send("USER %s 0 * :test client" % (user or nick))
        if want:
            self._negotiate(want, sasl, timeout)
        self.expect(lambda m: m.cmd == "001", timeout, "welcome for " + nick)

    def _negotiate(self, want, sasl, timeout):
        while True:
            m = self.expect(lambda m: m.cmd == "CAP" and len(m.params) >= 3 and
                            m.params[1].upper() == "LS", timeout, "CAP LS")
            for word in m.params[-1].split():
                name, _, value = word.partition("=")
                self.offered[name] = value
            if not (len(m.params) >= 4 and m.params[2] == "*"):
                break
        ask = sorted(c for c in want if c in self.offered)
        if ask:
            self.send("CAP REQ :" + " ".join(ask))
            m = self.expect(lambda m: m.cmd == "CAP" and len(m.params) >= 3 and
                            m.params[1].upper() in ("ACK", "NAK"), timeout, "CAP ACK")
            if m.params[1].upper() == "ACK":
                self.caps = set(m.params[-1].split())
        if sasl and "sasl" in self.caps:
            self.send("AUTHENTICATE " + sasl[0])
            self.expect(lambda m: m.cmd == "AUTHENTICATE", timeout, "AUTHENTICATE +")
            if sasl[0] == "PLAIN":
                blob = ("%s\0%s\0%s" % (sasl[1], sasl[1], sasl[2])).encode()
                self.send("AUTHENTICATE " + base64.b64encode(blob).decode())
            else:
                self.send("AUTHENTICATE +")
            m = self.expect(lambda m: m.cmd in ("903", "904", "905", "906", "907", "908"),
                            timeout, "SASL result")
            self.sasl_result = m
        self.send("CAP END")

    WOULD_BLOCK = Client.WOULD_BLOCK + (ssl.SSLWantReadError, ssl.SSLWantWriteError)

    def readable(self, timeout):
        # TLS may hold decrypted bytes that select() cannot see.
        if isinstance(self.sock, ssl.SSLSocket) and self.sock.pending():
            return True
        return Client.readable(self, timeout)


def join_account(m):
    """The account in an extended-join JOIN line (None for "*"), or False when the line has
    no account field."""
    if len(m.params) < 3:
        return False
    return None if m.params[1] == "*" else m.params[1]
