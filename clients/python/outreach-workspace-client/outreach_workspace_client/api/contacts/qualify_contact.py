from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.contact_qualify_by_contact import ContactQualifyByContact
from ...models.contact_qualify_by_contact_id import ContactQualifyByContactId
from ...models.contact_qualify_result import ContactQualifyResult
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ContactQualifyByContact | ContactQualifyByContactId,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/contacts/qualify",
    }

    if isinstance(body, ContactQualifyByContactId):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ContactQualifyResult | Error | None:
    if response.status_code == 200:
        response_200 = ContactQualifyResult.from_dict(response.json())

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
) -> Response[ContactQualifyResult | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ContactQualifyByContact | ContactQualifyByContactId,
    idempotency_key: str | Unset = UNSET,
) -> Response[ContactQualifyResult | Error]:
    """Score a contact against the ICP

     A stored contact (contact_id) or an inline description (contact), against icp_context when given,
    else the workspace profile. Each criterion the ICP sets (a non-empty list) counts with its weight:
    industries 25, company_sizes 20, job_titles 20, countries 15, seniorities 10, keywords 10; criteria
    left empty are ignored. score = round(100 × weight matched ÷ weight of the criteria set). Matching
    is case-insensitive: industry, country and seniority are equal to an entry; company size is an equal
    band or lies within a band ('201-500', '1000+'; a head count counts); a job title or keyword entry
    matches when its words appear in order in the job title (keywords also search company name, industry
    and technologies). Seniority, when not given, is read from the job title (chief/CxO/founder →
    C_LEVEL, VP → VP, head → HEAD, director → DIRECTOR, manager → MANAGER, senior/principal/staff →
    SENIOR). Company facts not given come from the directory by company domain. Verdict: QUALIFIED when
    score ≥ 70; NOT_QUALIFIED when even matching every unknown fact would stay below 40; otherwise
    NEEDS_REVIEW (so missing facts never make a contact NOT_QUALIFIED). No criterion set at all: score
    0, NEEDS_REVIEW. One reason per criterion set. Qualification spends no credits.

    Args:
        idempotency_key (str | Unset):
        body (ContactQualifyByContact | ContactQualifyByContactId): Exactly one of contact_id or
            contact (else 400 naming both).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContactQualifyResult | Error]
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
    body: ContactQualifyByContact | ContactQualifyByContactId,
    idempotency_key: str | Unset = UNSET,
) -> ContactQualifyResult | Error | None:
    """Score a contact against the ICP

     A stored contact (contact_id) or an inline description (contact), against icp_context when given,
    else the workspace profile. Each criterion the ICP sets (a non-empty list) counts with its weight:
    industries 25, company_sizes 20, job_titles 20, countries 15, seniorities 10, keywords 10; criteria
    left empty are ignored. score = round(100 × weight matched ÷ weight of the criteria set). Matching
    is case-insensitive: industry, country and seniority are equal to an entry; company size is an equal
    band or lies within a band ('201-500', '1000+'; a head count counts); a job title or keyword entry
    matches when its words appear in order in the job title (keywords also search company name, industry
    and technologies). Seniority, when not given, is read from the job title (chief/CxO/founder →
    C_LEVEL, VP → VP, head → HEAD, director → DIRECTOR, manager → MANAGER, senior/principal/staff →
    SENIOR). Company facts not given come from the directory by company domain. Verdict: QUALIFIED when
    score ≥ 70; NOT_QUALIFIED when even matching every unknown fact would stay below 40; otherwise
    NEEDS_REVIEW (so missing facts never make a contact NOT_QUALIFIED). No criterion set at all: score
    0, NEEDS_REVIEW. One reason per criterion set. Qualification spends no credits.

    Args:
        idempotency_key (str | Unset):
        body (ContactQualifyByContact | ContactQualifyByContactId): Exactly one of contact_id or
            contact (else 400 naming both).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContactQualifyResult | Error
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ContactQualifyByContact | ContactQualifyByContactId,
    idempotency_key: str | Unset = UNSET,
) -> Response[ContactQualifyResult | Error]:
    """Score a contact against the ICP

     A stored contact (contact_id) or an inline description (contact), against icp_context when given,
    else the workspace profile. Each criterion the ICP sets (a non-empty list) counts with its weight:
    industries 25, company_sizes 20, job_titles 20, countries 15, seniorities 10, keywords 10; criteria
    left empty are ignored. score = round(100 × weight matched ÷ weight of the criteria set). Matching
    is case-insensitive: industry, country and seniority are equal to an entry; company size is an equal
    band or lies within a band ('201-500', '1000+'; a head count counts); a job title or keyword entry
    matches when its words appear in order in the job title (keywords also search company name, industry
    and technologies). Seniority, when not given, is read from the job title (chief/CxO/founder →
    C_LEVEL, VP → VP, head → HEAD, director → DIRECTOR, manager → MANAGER, senior/principal/staff →
    SENIOR). Company facts not given come from the directory by company domain. Verdict: QUALIFIED when
    score ≥ 70; NOT_QUALIFIED when even matching every unknown fact would stay below 40; otherwise
    NEEDS_REVIEW (so missing facts never make a contact NOT_QUALIFIED). No criterion set at all: score
    0, NEEDS_REVIEW. One reason per criterion set. Qualification spends no credits.

    Args:
        idempotency_key (str | Unset):
        body (ContactQualifyByContact | ContactQualifyByContactId): Exactly one of contact_id or
            contact (else 400 naming both).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContactQualifyResult | Error]
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
    body: ContactQualifyByContact | ContactQualifyByContactId,
    idempotency_key: str | Unset = UNSET,
) -> ContactQualifyResult | Error | None:
    """Score a contact against the ICP

     A stored contact (contact_id) or an inline description (contact), against icp_context when given,
    else the workspace profile. Each criterion the ICP sets (a non-empty list) counts with its weight:
    industries 25, company_sizes 20, job_titles 20, countries 15, seniorities 10, keywords 10; criteria
    left empty are ignored. score = round(100 × weight matched ÷ weight of the criteria set). Matching
    is case-insensitive: industry, country and seniority are equal to an entry; company size is an equal
    band or lies within a band ('201-500', '1000+'; a head count counts); a job title or keyword entry
    matches when its words appear in order in the job title (keywords also search company name, industry
    and technologies). Seniority, when not given, is read from the job title (chief/CxO/founder →
    C_LEVEL, VP → VP, head → HEAD, director → DIRECTOR, manager → MANAGER, senior/principal/staff →
    SENIOR). Company facts not given come from the directory by company domain. Verdict: QUALIFIED when
    score ≥ 70; NOT_QUALIFIED when even matching every unknown fact would stay below 40; otherwise
    NEEDS_REVIEW (so missing facts never make a contact NOT_QUALIFIED). No criterion set at all: score
    0, NEEDS_REVIEW. One reason per criterion set. Qualification spends no credits.

    Args:
        idempotency_key (str | Unset):
        body (ContactQualifyByContact | ContactQualifyByContactId): Exactly one of contact_id or
            contact (else 400 naming both).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContactQualifyResult | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
