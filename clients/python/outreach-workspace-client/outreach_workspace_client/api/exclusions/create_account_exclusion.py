from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.account_exclusion import AccountExclusion
from ...models.account_exclusion_create import AccountExclusionCreate
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: AccountExclusionCreate,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/account-exclusions",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AccountExclusion | Error | None:
    if response.status_code == 201:
        response_201 = AccountExclusion.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

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
    *,
    client: AuthenticatedClient | Client,
    body: AccountExclusionCreate,
    idempotency_key: str | Unset = UNSET,
) -> Response[AccountExclusion | Error]:
    """Exclude a company domain

     Excludes every contact whose linked account has this domain or whose email is at it. An exclusion is
    in force while `until` is null or in the future; once `until` passes it lifts by itself (nothing
    rewrites the row).

    Args:
        idempotency_key (str | Unset):
        body (AccountExclusionCreate): A domain already excluded (after normalisation and alias
            resolution): 409 CommitIssue with `data.existing_exclusion_id`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccountExclusion | Error]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: AccountExclusionCreate,
    idempotency_key: str | Unset = UNSET,
) -> AccountExclusion | Error | None:
    """Exclude a company domain

     Excludes every contact whose linked account has this domain or whose email is at it. An exclusion is
    in force while `until` is null or in the future; once `until` passes it lifts by itself (nothing
    rewrites the row).

    Args:
        idempotency_key (str | Unset):
        body (AccountExclusionCreate): A domain already excluded (after normalisation and alias
            resolution): 409 CommitIssue with `data.existing_exclusion_id`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccountExclusion | Error
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AccountExclusionCreate,
    idempotency_key: str | Unset = UNSET,
) -> Response[AccountExclusion | Error]:
    """Exclude a company domain

     Excludes every contact whose linked account has this domain or whose email is at it. An exclusion is
    in force while `until` is null or in the future; once `until` passes it lifts by itself (nothing
    rewrites the row).

    Args:
        idempotency_key (str | Unset):
        body (AccountExclusionCreate): A domain already excluded (after normalisation and alias
            resolution): 409 CommitIssue with `data.existing_exclusion_id`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccountExclusion | Error]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: AccountExclusionCreate,
    idempotency_key: str | Unset = UNSET,
) -> AccountExclusion | Error | None:
    """Exclude a company domain

     Excludes every contact whose linked account has this domain or whose email is at it. An exclusion is
    in force while `until` is null or in the future; once `until` passes it lifts by itself (nothing
    rewrites the row).

    Args:
        idempotency_key (str | Unset):
        body (AccountExclusionCreate): A domain already excluded (after normalisation and alias
            resolution): 409 CommitIssue with `data.existing_exclusion_id`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccountExclusion | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
