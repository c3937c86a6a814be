from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.account_exclusion import AccountExclusion
from ...models.error import Error
from ...models.exclusion_update import ExclusionUpdate
from ...types import Response


def _get_kwargs(
    exclusion_id: UUID,
    *,
    body: ExclusionUpdate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/account-exclusions/{exclusion_id}".format(
            exclusion_id=quote(str(exclusion_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AccountExclusion | Error | None:
    if response.status_code == 200:
        response_200 = AccountExclusion.from_dict(response.json())

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

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

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
) -> Response[AccountExclusion | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    exclusion_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: ExclusionUpdate,
) -> Response[AccountExclusion | Error]:
    """Change the reason, message or until of an account exclusion

     Only the fields sent change; `until: null` makes it permanent, omitting `until` leaves it.

    Args:
        exclusion_id (UUID):
        body (ExclusionUpdate): Only the fields sent change. `until: null` makes the exclusion
            permanent; omitting `until` leaves it unchanged. An empty body is 400.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccountExclusion | Error]
    """

    kwargs = _get_kwargs(
        exclusion_id=exclusion_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    exclusion_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: ExclusionUpdate,
) -> AccountExclusion | Error | None:
    """Change the reason, message or until of an account exclusion

     Only the fields sent change; `until: null` makes it permanent, omitting `until` leaves it.

    Args:
        exclusion_id (UUID):
        body (ExclusionUpdate): Only the fields sent change. `until: null` makes the exclusion
            permanent; omitting `until` leaves it unchanged. An empty body is 400.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccountExclusion | Error
    """

    return sync_detailed(
        exclusion_id=exclusion_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    exclusion_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: ExclusionUpdate,
) -> Response[AccountExclusion | Error]:
    """Change the reason, message or until of an account exclusion

     Only the fields sent change; `until: null` makes it permanent, omitting `until` leaves it.

    Args:
        exclusion_id (UUID):
        body (ExclusionUpdate): Only the fields sent change. `until: null` makes the exclusion
            permanent; omitting `until` leaves it unchanged. An empty body is 400.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccountExclusion | Error]
    """

    kwargs = _get_kwargs(
        exclusion_id=exclusion_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    exclusion_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: ExclusionUpdate,
) -> AccountExclusion | Error | None:
    """Change the reason, message or until of an account exclusion

     Only the fields sent change; `until: null` makes it permanent, omitting `until` leaves it.

    Args:
        exclusion_id (UUID):
        body (ExclusionUpdate): Only the fields sent change. `until: null` makes the exclusion
            permanent; omitting `until` leaves it unchanged. An empty body is 400.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccountExclusion | Error
    """

    return (
        await asyncio_detailed(
            exclusion_id=exclusion_id,
            client=client,
            body=body,
        )
    ).parsed
