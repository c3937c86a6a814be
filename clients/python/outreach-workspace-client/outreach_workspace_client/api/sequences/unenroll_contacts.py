from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.contact_unenroll import ContactUnenroll
from ...models.contact_unenroll_result import ContactUnenrollResult
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ContactUnenroll,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/contacts/unenroll",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ContactUnenrollResult | Error | None:
    if response.status_code == 200:
        response_200 = ContactUnenrollResult.from_dict(response.json())

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
) -> Response[ContactUnenrollResult | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ContactUnenroll,
    idempotency_key: str | Unset = UNSET,
) -> Response[ContactUnenrollResult | Error]:
    """Unenroll contacts from their sequences

     For each contact: every non-finished sequence (FOUND, ACTIVE, WAITING_FOR_LEAD, WAITING_FOR_USER;
    only those of `sequence_template_id` when given) ends FAILED with stopped_reason UNENROLLED, running
    ones through their workflow; and in every case the contact is excluded until at least 3 months from
    now: without an exclusion of the person (email or LinkedIn URL) one is created (reason
    CONTACT_REFUSED, `contact_exclusion.created`); an existing one that ends sooner or has lapsed gets
    that `until` (its reason and message stay, `updated_at` moves, no event); a longer or permanent one
    is kept as it is, never shortened. So runs of other templates end at their next step. Unknown ids
    answer status NOT_FOUND in their item, not a 404.

    Args:
        idempotency_key (str | Unset):
        body (ContactUnenroll):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContactUnenrollResult | Error]
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
    body: ContactUnenroll,
    idempotency_key: str | Unset = UNSET,
) -> ContactUnenrollResult | Error | None:
    """Unenroll contacts from their sequences

     For each contact: every non-finished sequence (FOUND, ACTIVE, WAITING_FOR_LEAD, WAITING_FOR_USER;
    only those of `sequence_template_id` when given) ends FAILED with stopped_reason UNENROLLED, running
    ones through their workflow; and in every case the contact is excluded until at least 3 months from
    now: without an exclusion of the person (email or LinkedIn URL) one is created (reason
    CONTACT_REFUSED, `contact_exclusion.created`); an existing one that ends sooner or has lapsed gets
    that `until` (its reason and message stay, `updated_at` moves, no event); a longer or permanent one
    is kept as it is, never shortened. So runs of other templates end at their next step. Unknown ids
    answer status NOT_FOUND in their item, not a 404.

    Args:
        idempotency_key (str | Unset):
        body (ContactUnenroll):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContactUnenrollResult | Error
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ContactUnenroll,
    idempotency_key: str | Unset = UNSET,
) -> Response[ContactUnenrollResult | Error]:
    """Unenroll contacts from their sequences

     For each contact: every non-finished sequence (FOUND, ACTIVE, WAITING_FOR_LEAD, WAITING_FOR_USER;
    only those of `sequence_template_id` when given) ends FAILED with stopped_reason UNENROLLED, running
    ones through their workflow; and in every case the contact is excluded until at least 3 months from
    now: without an exclusion of the person (email or LinkedIn URL) one is created (reason
    CONTACT_REFUSED, `contact_exclusion.created`); an existing one that ends sooner or has lapsed gets
    that `until` (its reason and message stay, `updated_at` moves, no event); a longer or permanent one
    is kept as it is, never shortened. So runs of other templates end at their next step. Unknown ids
    answer status NOT_FOUND in their item, not a 404.

    Args:
        idempotency_key (str | Unset):
        body (ContactUnenroll):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContactUnenrollResult | Error]
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
    body: ContactUnenroll,
    idempotency_key: str | Unset = UNSET,
) -> ContactUnenrollResult | Error | None:
    """Unenroll contacts from their sequences

     For each contact: every non-finished sequence (FOUND, ACTIVE, WAITING_FOR_LEAD, WAITING_FOR_USER;
    only those of `sequence_template_id` when given) ends FAILED with stopped_reason UNENROLLED, running
    ones through their workflow; and in every case the contact is excluded until at least 3 months from
    now: without an exclusion of the person (email or LinkedIn URL) one is created (reason
    CONTACT_REFUSED, `contact_exclusion.created`); an existing one that ends sooner or has lapsed gets
    that `until` (its reason and message stay, `updated_at` moves, no event); a longer or permanent one
    is kept as it is, never shortened. So runs of other templates end at their next step. Unknown ids
    answer status NOT_FOUND in their item, not a 404.

    Args:
        idempotency_key (str | Unset):
        body (ContactUnenroll):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContactUnenrollResult | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
