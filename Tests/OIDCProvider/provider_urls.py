"""The test provider's pages: a login form, and django-oidc-provider's endpoints under /openid/."""
from django.contrib.auth import views as auth_views
from django.urls import include, path

urlpatterns = [
    path("accounts/login/", auth_views.LoginView.as_view()),
    path("openid/", include("oidc_provider.urls", namespace="oidc_provider")),
]
