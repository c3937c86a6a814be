from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...types import UNSET, Response


def _get_kwargs(
    token: str,
    *,
    u: str,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["u"] = u

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/t/c/{token}".format(
            token=quote(str(token), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Error | None:
    if response.status_code == 302:
        response_302 = cast(Any, None)
        return response_302

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 500:
        response_500 = Error.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    token: str,
    *,
    client: AuthenticatedClient | Client,
    u: str,
) -> Response[Any | Error]:
    """Tracked link redirect

     Every http(s) link of a sequence email points here with its target in `u`; the token signs the
    message and that exact URL, so only the email's own links redirect (no open redirect). Records a
    click (`message.link_clicked`), then redirects to `u` exactly: other query parameters are not
    forwarded. Other query parameters (added by mail clients, link scanners, analytics tools) are
    accepted and ignored.

    Args:
        token (str):
        u (str): The link's target, exactly as the token signs it.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
    """

    kwargs = _get_kwargs(
        token=token,
        u=u,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    token: str,
    *,
    client: AuthenticatedClient | Client,
    u: str,
) -> Any | Error | None:
    """Tracked link redirect

     Every http(s) link of a sequence email points here with its target in `u`; the token signs the
    message and that exact URL, so only the email's own links redirect (no open redirect). Records a
    click (`message.link_clicked`), then redirects to `u` exactly: other query parameters are not
    forwarded. Other query parameters (added by mail clients, link scanners, analytics tools) are
    accepted and ignored.

    Args:
        token (str):
        u (str): The link's target, exactly as the token signs it.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
    """

    return sync_detailed(
        token=token,
        client=client,
        u=u,
    ).parsed


async def asyncio_detailed(
    token: str,
    *,
    client: AuthenticatedClient | Client,
    u: str,
) -> Response[Any | Error]:
    """Tracked link redirect

     Every http(s) link of a sequence email points here with its target in `u`; the token signs the
    message and that exact URL, so only the email's own links redirect (no open redirect). Records a
    click (`message.link_clicked`), then redirects to `u` exactly: other query parameters are not
    forwarded. Other query parameters (added by mail clients, link scanners, analytics tools) are
    accepted and ignored.

    Args:
        token (str):
        u (str): The link's target, exactly as the token signs it.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
    """

    kwargs = _get_kwargs(
        token=token,
        u=u,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    token: str,
    *,
    client: AuthenticatedClient | Client,
    u: str,
) -> Any | Error | None:
    """Tracked link redirect

     Every http(s) link of a sequence email points here with its target in `u`; the token signs the
    message and that exact URL, so only the email's own links redirect (no open redirect). Records a
    click (`message.link_clicked`), then redirects to `u` exactly: other query parameters are not
    forwarded. Other query parameters (added by mail clients, link scanners, analytics tools) are
    accepted and ignored.

    Args:
        token (str):
        u (str): The link's target, exactly as the token signs it.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
    """

    return (
        await asyncio_detailed(
            token=token,
            client=client,
            u=u,
        )
    ).parsed
