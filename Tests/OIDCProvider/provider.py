"""A real OpenID provider for the tests: django-oidc-provider (PyPI) in a tiny Django
site, served by waitress on a free 127.0.0.1 port.

    python3 provider.py CONFIG.json

CONFIG names the clients (id, secret, redirect URIs) and the users (username, password,
email, email_verified, name). The provider prints one JSON line, {"port": N}, once it
listens, then serves until it is stopped. Its issuer is the address it is reached at
(`http://HOST:PORT/openid`, from the request's Host), so a proxy in front that keeps Host
is the issuer.

A user whose username starts with `expired` gets ID tokens that expired ten minutes
before they were issued; one starting with `early` gets tokens issued ten minutes from
now: both signed with the provider's own key, as a provider with a wrong clock would.
"""
import io
import json
import os
import sys


def main():
    os.environ["DJANGO_SETTINGS_MODULE"] = "provider_settings"
    os.environ["PACELINE_OIDC_PROVIDER_CONFIG"] = os.path.abspath(sys.argv[1])
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import django
    from django.core.management import call_command
    django.setup()
    from provider_settings import CONFIG
    call_command("migrate", verbosity=0)
    call_command("creatersakey", stdout=io.StringIO())
    from django.contrib.auth.models import User
    from oidc_provider.models import Client, ResponseType
    for said in CONFIG["users"]:
        User.objects.create_user(said["username"], said["email"], said["password"])
    code = ResponseType.objects.get(value="code")
    for said in CONFIG["clients"]:
        client = Client.objects.create(name=said["id"], client_type="confidential", client_id=said["id"],
                                       client_secret=said["secret"], jwt_alg="RS256", require_consent=False,
                                       redirect_uris=said["redirect_uris"])
        client.response_types.add(code)
    from waitress import create_server
    from django.core.wsgi import get_wsgi_application
    server = create_server(get_wsgi_application(), host="127.0.0.1", port=int(CONFIG.get("port", 0)), threads=4)
    print(json.dumps({"port": int(server.effective_port)}), flush=True)
    server.run()


if __name__ == "__main__":
    main()
