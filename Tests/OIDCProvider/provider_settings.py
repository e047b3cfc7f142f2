"""The test provider's Django settings, its users' claims and its wrong clocks (provider.py)."""
import json
import os
import time

# The provider's database lives beside its configuration, in the folder the test removes.
FOLDER = os.path.dirname(os.environ["PACELINE_OIDC_PROVIDER_CONFIG"])
CONFIG = json.load(open(os.environ["PACELINE_OIDC_PROVIDER_CONFIG"]))

SECRET_KEY = "tests-only-" + os.urandom(16).hex()
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
ROOT_URLCONF = "provider_urls"
USE_TZ = True
INSTALLED_APPS = ["django.contrib.auth", "django.contrib.contenttypes", "django.contrib.sessions", "oidc_provider"]
MIDDLEWARE = [
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
]
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": os.path.join(FOLDER, "provider.sqlite")}}
TEMPLATES = [{
    "BACKEND": "django.template.backends.django.DjangoTemplates",
    "DIRS": [os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")],
    "APP_DIRS": True,
    "OPTIONS": {"context_processors": ["django.template.context_processors.request"]},
}]
LOGIN_URL = "/accounts/login/"
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast: a test provider
OIDC_USERINFO = "provider_settings.userinfo"
OIDC_IDTOKEN_INCLUDE_CLAIMS = True
OIDC_IDTOKEN_PROCESSING_HOOK = "provider_settings.shape_id_token"
OIDC_SKIP_CONSENT_EXPIRE = 0
LOGGING = {"version": 1, "disable_existing_loggers": True}


def userinfo(claims, user):
    """The standard claims of `user`, from CONFIG (email_verified as said there)."""
    said = next((u for u in CONFIG["users"] if u["username"] == user.username), {})
    claims["name"] = said.get("name", user.username)
    claims["preferred_username"] = user.username
    claims["email"] = user.email
    claims["email_verified"] = bool(said.get("email_verified", True))
    return claims


def shape_id_token(id_token, user=None, token=None, request=None):
    """A wrong clock for the users whose names ask for one."""
    if user is not None and user.username.startswith("expired"):
        id_token["exp"] = int(time.time()) - 600
    if user is not None and user.username.startswith("early"):
        id_token["iat"] = int(time.time()) + 600
        id_token["nbf"] = int(time.time()) + 600
    return id_token

