from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.account_variables import AccountVariables
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    account_id: UUID,
    key: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/accounts/{account_id}/variables/{key}".format(
            account_id=quote(str(account_id), safe=""),
            key=quote(str(key), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AccountVariables | Error | None:
    if response.status_code == 200:
        response_200 = AccountVariables.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Error.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[AccountVariables | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    account_id: UUID,
    key: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[AccountVariables | Error]:
    """Delete an account variable and free its slot

     Removes the key so the slot counts no more against the limit; a key not set is 404.

    Args:
        account_id (UUID):
        key (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccountVariables | Error]
    """

    kwargs = _get_kwargs(
        account_id=account_id,
        key=key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    account_id: UUID,
    key: str,
    *,
    client: AuthenticatedClient | Client,
) -> AccountVariables | Error | None:
    """Delete an account variable and free its slot

     Removes the key so the slot counts no more against the limit; a key not set is 404.

    Args:
        account_id (UUID):
        key (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccountVariables | Error
    """

    return sync_detailed(
        account_id=account_id,
        key=key,
        client=client,
    ).parsed


async def asyncio_detailed(
    account_id: UUID,
    key: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[AccountVariables | Error]:
    """Delete an account variable and free its slot

     Removes the key so the slot counts no more against the limit; a key not set is 404.

    Args:
        account_id (UUID):
        key (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccountVariables | Error]
    """

    kwargs = _get_kwargs(
        account_id=account_id,
        key=key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    account_id: UUID,
    key: str,
    *,
    client: AuthenticatedClient | Client,
) -> AccountVariables | Error | None:
    """Delete an account variable and free its slot

     Removes the key so the slot counts no more against the limit; a key not set is 404.

    Args:
        account_id (UUID):
        key (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccountVariables | Error
    """

    return (
        await asyncio_detailed(
            account_id=account_id,
            key=key,
            client=client,
        )
    ).parsed
